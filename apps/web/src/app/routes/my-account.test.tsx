import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useSession } from '@/lib/session-store';
import { session } from '@/test/fixtures';
import { authorizationOf, jsonResponse, mockFetch, requestsTo } from '@/test/http';
import { renderApp } from '@/test/render';

describe('/my-account', () => {
  it("refreshes the stored profile from the server and writes Support to the site's address", async () => {
    const ana = session({ name: 'Ana Reyes' });
    useSession.getState().updateUser(ana);
    const fetchMock = mockFetch(
      {
        '/user/profile': () => jsonResponse({ ...ana.user, name: 'Ana Reyes-Costa', dob: '1991-02-03' }),
        '/settings/display': () => jsonResponse({ subscriberCount: 35864, supportEmail: 'help@marquee.example' }),
      },
      () => jsonResponse([]),
    );
    renderApp('/my-account');

    const profile = await screen.findByRole('region', { name: 'Profile' });
    expect(await within(profile).findByRole('heading', { name: 'Ana Reyes-Costa' })).toBeInTheDocument();
    expect(within(profile).getByText('3 February 1991')).toBeInTheDocument();
    expect(useSession.getState().user).toEqual({ ...ana, user: { ...ana.user, name: 'Ana Reyes-Costa', dob: '1991-02-03' } });
    expect(authorizationOf(requestsTo(fetchMock, '/user/profile', 'GET')[0]?.init)).toBe(`Bearer ${ana.token}`);
    expect(await within(profile).findByRole('link', { name: 'Support' })).toHaveAttribute('href', 'mailto:help@marquee.example');
    expect(screen.getByRole('link', { name: 'Rented' })).toHaveAttribute('href', '/my-account/rented');
  });

  it('falls back to the configured support address', async () => {
    useSession.getState().updateUser(session());
    mockFetch({}, () => jsonResponse([]));
    renderApp('/my-account');
    const profile = await screen.findByRole('region', { name: 'Profile' });
    expect(within(profile).getByRole('link', { name: 'Support' })).toHaveAttribute('href', 'mailto:support@marquee.example');
  });
});
