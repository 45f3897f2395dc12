import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { createRoutes } from '@/app/router';
import { useSession } from '@/lib/session-store';
import { fakeIdToken, session } from '@/test/fixtures';
import { jsonResponse, mockFetch, problemResponse, requestsTo } from '@/test/http';
import { renderApp, testQueryClient } from '@/test/render';
import { redirectTo } from '../utils/redirect';

vi.mock('../utils/redirect', () => ({ redirectTo: vi.fn() }));

const devConfig = { provider: 'dev', clientId: 'marquee-dev', authorizeUrl: '/dev-idp/authorize' };
const NONCE = 'nonce-123';
const STATE = 'state-abc';
const idToken = fakeIdToken({ email: 'zoe@example.com', name: 'Zoë Park', nonce: NONCE });
const returning = `/login#id_token=${idToken}&state=${STATE}`;
const ana = session({ name: 'Zoë Park', email: 'zoe@example.com' });

function serve(login: Array<() => Response>, extra: Record<string, () => Response> = {}) {
  let attempt = 0;
  return mockFetch(
    {
      '/auth/config': () => jsonResponse(devConfig),
      '/user/login/nonce': () => jsonResponse({ nonce: NONCE }),
      '/user/login': () => login[Math.min(attempt++, login.length - 1)]!(),
      ...extra,
    },
    () => jsonResponse([]),
  );
}

beforeEach(() => {
  sessionStorage.setItem('marquee.sign-in', JSON.stringify({ state: STATE, nonce: NONCE }));
});

afterEach(() => {
  sessionStorage.clear();
});

describe('sign-in on /login', () => {
  it('logs in with the returned ID token, stores the session and goes home', async () => {
    const fetchMock = serve([() => jsonResponse(ana)]);
    const { router } = renderApp(returning);

    await expect.poll(() => router.state.location.pathname).toBe('/');
    expect(useSession.getState()).toMatchObject({ isLoggedIn: true, user: ana });
    const [login] = requestsTo(fetchMock, '/user/login', 'POST');
    expect(JSON.parse(String(login?.init?.body))).toEqual({ idToken });
    expect(requestsTo(fetchMock, '/user/signup')).toHaveLength(0);
    expect(sessionStorage.getItem('marquee.sign-in')).toBeNull();
  });

  it('uses the token once even when effects run twice (StrictMode in development)', async () => {
    const fetchMock = serve([() => jsonResponse(ana)]);
    const queryClient = testQueryClient();
    const router = createMemoryRouter(createRoutes(queryClient), { initialEntries: [returning] });
    render(
      <StrictMode>
        <AppProviders queryClient={queryClient}>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    );

    await expect.poll(() => router.state.location.pathname).toBe('/');
    expect(requestsTo(fetchMock, '/user/login', 'POST')).toHaveLength(1);
  });

  it("signs up a new user after \"user doesn't exist\", then logs in again", async () => {
    const fetchMock = serve([() => problemResponse(400, "user doesn't exist"), () => jsonResponse(ana)], {
      '/user/signup': () => jsonResponse({ message: 'Account created' }),
    });
    const { router } = renderApp(returning);

    await expect.poll(() => router.state.location.pathname).toBe('/');
    expect(useSession.getState().user).toEqual(ana);
    const order = fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost').pathname).filter((path) => path.startsWith('/user/'));
    expect(order.filter((path) => path === '/user/login' || path === '/user/signup')).toEqual(['/user/login', '/user/signup', '/user/login']);

    const [signup] = requestsTo(fetchMock, '/user/signup', 'POST');
    const form = signup?.init?.body as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect(Object.fromEntries(form.entries())).toEqual({ idToken, email: 'zoe@example.com', name: 'Zoë Park' });
  });

  it('swallows any other failure: loading ends, nothing is stored, a quiet hint is shown', async () => {
    const fetchMock = serve([() => problemResponse(401, 'Sign-in failed: the ID token could not be verified')]);
    const { router } = renderApp(returning);

    expect(await screen.findByText('Sign-in did not complete. Please try again.')).toBeInTheDocument();
    expect(screen.queryByText('Signing you in…')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in with Google (dev)' })).toBeEnabled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(useSession.getState().isLoggedIn).toBe(false);
    expect(router.state.location).toMatchObject({ pathname: '/login', hash: '' });
    expect(requestsTo(fetchMock, '/user/signup')).toHaveLength(0);
  });

  it('ignores a redirect whose state does not match the attempt started here', async () => {
    const fetchMock = serve([() => jsonResponse(ana)]);
    const { router } = renderApp(`/login#id_token=${idToken}&state=forged`);

    expect(await screen.findByRole('button', { name: 'Sign in with Google (dev)' })).toBeInTheDocument();
    await expect.poll(() => router.state.location.hash).toBe('');
    expect(requestsTo(fetchMock, '/user/login')).toHaveLength(0);
    expect(useSession.getState().isLoggedIn).toBe(false);
  });

  it('ignores a token whose nonce is not the one requested', async () => {
    const fetchMock = serve([() => jsonResponse(ana)]);
    const other = fakeIdToken({ email: 'zoe@example.com', name: 'Zoë', nonce: 'someone-elses' });
    renderApp(`/login#id_token=${other}&state=${STATE}`);

    expect(await screen.findByRole('button', { name: 'Sign in with Google (dev)' })).toBeInTheDocument();
    expect(requestsTo(fetchMock, '/user/login')).toHaveLength(0);
  });

  it("starts at the development issuer's account chooser with a nonce and a fresh state", async () => {
    sessionStorage.clear();
    serve([() => jsonResponse(ana)]);
    renderApp('/login');

    await userEvent.click(await screen.findByRole('button', { name: 'Sign in with Google (dev)' }));

    await expect.poll(() => vi.mocked(redirectTo).mock.calls.length).toBe(1);
    const target = new URL(vi.mocked(redirectTo).mock.calls[0]![0], 'http://localhost');
    const pending = JSON.parse(sessionStorage.getItem('marquee.sign-in') ?? '{}') as { state: string; nonce: string };
    expect(target.pathname).toBe('/dev-idp/authorize');
    expect(Object.fromEntries(target.searchParams)).toEqual({ redirect_uri: '/login', nonce: NONCE, state: pending.state });
    expect(pending).toEqual({ state: expect.stringMatching(/^[0-9a-f]{32}$/), nonce: NONCE });
  });

  it('Google mode: renders Google\'s button with a fresh nonce and signs in with its credential', async () => {
    sessionStorage.clear();
    const initialize = vi.fn();
    const renderButton = vi.fn();
    vi.stubGlobal('google', { accounts: { id: { initialize, renderButton } } });
    serve([() => jsonResponse(ana)], {
      '/auth/config': () => jsonResponse({ provider: 'google', clientId: 'client-1.apps.googleusercontent.com', authorizeUrl: null }),
    });
    const { router } = renderApp('/login');

    await expect.poll(() => renderButton.mock.calls.length).toBe(1);
    expect(initialize).toHaveBeenCalledWith(expect.objectContaining({ client_id: 'client-1.apps.googleusercontent.com', nonce: NONCE }));
    expect(screen.queryByRole('button', { name: 'Sign in with Google (dev)' })).not.toBeInTheDocument();

    const { callback } = initialize.mock.calls[0]![0] as { callback: (response: { credential?: string }) => void };
    act(() => callback({ credential: idToken }));

    await expect.poll(() => router.state.location.pathname).toBe('/');
    expect(useSession.getState().user).toEqual(ana);
  });

  it('sends a signed-in viewer home', async () => {
    useSession.getState().updateUser(ana);
    serve([() => jsonResponse(ana)]);
    const { router } = renderApp('/login');
    await expect.poll(() => router.state.location.pathname).toBe('/');
  });
});
