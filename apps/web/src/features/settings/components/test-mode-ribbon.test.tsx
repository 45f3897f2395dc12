import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '@/test/http';
import { renderApp } from '@/test/render';

function site(testMode: unknown) {
  return {
    '/user/homepage': () => jsonResponse([]),
    '/settings/display': () => jsonResponse({ subscriberCount: 35864, supportEmail: 'help@marquee.example', testMode }),
  };
}

describe('test-mode ribbon', () => {
  it('tells every page of a staging site what is not real', async () => {
    for (const path of ['/', '/about', '/login']) {
      mockFetch(site({ devSignIn: true, sandboxPayments: true }));
      const { unmount } = renderApp(path);
      expect(await screen.findByText('Test mode: anyone may sign in with any email; payments are not charged.')).toBeVisible();
      unmount();
    }
  });

  it('names only the test provider in use', async () => {
    mockFetch(site({ devSignIn: false, sandboxPayments: true }));
    renderApp('/');
    expect(await screen.findByText('Test mode: payments are not charged.')).toBeInTheDocument();
  });

  it('is absent on a real site', async () => {
    mockFetch(site(null));
    renderApp('/');
    expect(await screen.findByText('Subscribers: 35864')).toBeInTheDocument();
    expect(screen.queryByText(/Test mode/)).not.toBeInTheDocument();
  });
});
