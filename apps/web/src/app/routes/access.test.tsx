import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSession } from '@/lib/session-store';
import { session } from '@/test/fixtures';
import { jsonResponse, mockFetch } from '@/test/http';
import { renderApp } from '@/test/render';

beforeEach(() => {
  mockFetch({ '/auth/config': () => jsonResponse({ provider: 'dev', clientId: 'marquee-dev', authorizeUrl: '/dev-idp/authorize' }) }, () =>
    jsonResponse([]),
  );
});

describe('protected pages', () => {
  it.each(['/watchlist', '/my-account', '/my-account/rented'])('%s sends a visitor to /login', async (path) => {
    const { router } = renderApp(path);
    await expect.poll(() => router.state.location.pathname).toBe('/login');
    expect(await screen.findByRole('button', { name: 'Sign in with Google (dev)' })).toBeInTheDocument();
  });

  it('shows the watchlist and the account menu to a signed-in user', async () => {
    useSession.getState().updateUser(session());
    renderApp('/watchlist');
    expect(await screen.findByRole('heading', { name: 'Watchlist' })).toBeInTheDocument();
    expect(await screen.findByText('No Data Found')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Account menu for Ana Reyes' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
    useSession.getState().logout();
  });
});

describe('other routes', () => {
  it('shows a not-found page inside the layout for unknown paths', async () => {
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });

  it('links the footer pages', async () => {
    renderApp('/about-us');
    await screen.findByRole('heading', { name: 'About Marquee' });
    const expected = {
      About: '/about-us',
      'Terms of Service': '/termsandconditions',
      'Privacy Policy': '/privacyPolicy',
      Refund: '/refund',
      'Contact Us': '/contact-us',
    };
    for (const [name, href] of Object.entries(expected)) {
      expect(screen.getByRole('navigation', { name: 'Footer' }).querySelector(`a[href="${href}"]`)).toHaveTextContent(name);
    }
  });

  it.each([
    ['/refund', /Refunds are not given/],
    ['/termsandconditions', /acknowledged within 24 hours.* resolved within 15 days/],
    ['/termsandconditions', /service on your account is suspended/],
    ['/privacyPolicy', /18 years of age or older .* consent of a parent or legal guardian/],
  ])('%s states the policy %s', async (path, statement) => {
    renderApp(path);
    expect((await screen.findAllByText(statement)).length).toBeGreaterThan(0);
  });
});
