import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useSession } from '@/lib/session-store';
import { rowItem, session } from '@/test/fixtures';
import { authorizationOf, jsonResponse, mockFetch, problemResponse, requestsTo } from '@/test/http';
import { renderApp } from '@/test/render';

const ana = session({ name: 'Ana Reyes' }, 'token-ana-0123456789abcdef');

function signIn() {
  useSession.getState().updateUser(ana);
}

describe('logout', () => {
  it('calls the server with the bearer token, then clears the session, even when the call fails', async () => {
    signIn();
    const fetchMock = mockFetch(
      {
        '/user/logout': () => problemResponse(500, 'Something went wrong on our side. Please try again.'),
        '/user/notification/unread': () => jsonResponse({ notificationCount: 0 }),
      },
      () => jsonResponse([]),
    );
    const { router } = renderApp('/watchlist');

    await userEvent.click(await screen.findByRole('button', { name: 'Account menu for Ana Reyes' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Logout' }));

    await expect.poll(() => useSession.getState().isLoggedIn).toBe(false);
    expect(useSession.getState().user).toBeNull();
    const [call] = requestsTo(fetchMock, '/user/logout', 'POST');
    expect(authorizationOf(call?.init)).toBe(`Bearer ${ana.token}`);
    await expect.poll(() => router.state.location.pathname).toBe('/');
    expect((await screen.findAllByRole('link', { name: 'Login' })).length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: /Account menu/ })).not.toBeInTheDocument();
  });

  it('is offered on My Account for the mobile layout, and ends there too', async () => {
    signIn();
    const fetchMock = mockFetch({ '/user/logout': () => jsonResponse({ message: 'Signed out' }) }, () => jsonResponse([]));
    const { router } = renderApp('/my-account');

    const signOut = await screen.findByRole('region', { name: 'Sign out' });
    await userEvent.click(within(signOut).getByRole('button', { name: 'Logout' }));

    await expect.poll(() => useSession.getState().isLoggedIn).toBe(false);
    expect(requestsTo(fetchMock, '/user/logout', 'POST')).toHaveLength(1);
    await expect.poll(() => router.state.location.pathname).toBe('/');

    // Coming back later is an ordinary visit without a session.
    await router.navigate('/my-account');
    await expect.poll(() => router.state.location.pathname).toBe('/login');
  });
});

describe('an ended session', () => {
  it('a 401 on a bearer call signs the viewer out and protected pages go to /login', async () => {
    signIn();
    mockFetch(
      {
        '/user/watchlist': () => problemResponse(401, 'Your session has ended. Sign in again.'),
        '/user/notification/unread': () => problemResponse(401, 'Your session has ended. Sign in again.'),
        '/auth/config': () => jsonResponse({ provider: 'dev', clientId: 'marquee-dev', authorizeUrl: '/dev-idp/authorize' }),
      },
      () => jsonResponse([]),
    );
    const { router } = renderApp('/watchlist');

    await expect.poll(() => router.state.location.pathname).toBe('/login');
    expect(useSession.getState()).toMatchObject({ isLoggedIn: false, user: null });
    expect(await screen.findByRole('button', { name: 'Sign in with Google (dev)' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Account menu/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Notifications/ })).not.toBeInTheDocument();
  });

  it("drops the user's cached answers, so the next user never sees them", async () => {
    signIn();
    const film = rowItem({ name: 'Night Drive', slug: 'night-drive' });
    mockFetch(
      {
        '/user/watchlist': () => jsonResponse([{ kind: 'movie', item: film }]),
        '/user/logout': () => jsonResponse({ message: 'Signed out' }),
      },
      () => jsonResponse([]),
    );
    const { queryClient } = renderApp('/watchlist');
    expect(await screen.findByRole('link', { name: 'Night Drive' })).toHaveAttribute('href', '/movie/night-drive');
    expect(queryClient.getQueryData(['watchlist', { user: ana.user._id }])).toHaveLength(1);

    await userEvent.click(screen.getByRole('button', { name: 'Account menu for Ana Reyes' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Logout' }));

    await expect.poll(() => queryClient.getQueryData(['watchlist', { user: ana.user._id }])).toBeUndefined();
  });
});
