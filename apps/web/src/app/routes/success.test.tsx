import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '@/test/http';
import { renderApp } from '@/test/render';

beforeEach(() => {
  mockFetch({}, () => jsonResponse([]));
});

describe('/success', () => {
  it('redirects home when opened without state', async () => {
    const { router } = renderApp('/success');
    await screen.findByRole('main');
    await expect.poll(() => router.state.location.pathname).toBe('/');
    expect(screen.queryByRole('link', { name: 'Enjoy Watching' })).not.toBeInTheDocument();
  });

  it('shows the passed message and an Enjoy Watching button home', async () => {
    const { router } = renderApp({ path: '/success', state: { message: 'Your Monthly plan is active.' } });
    expect(await screen.findByRole('heading', { name: 'Your Monthly plan is active.' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Enjoy Watching' }));
    await expect.poll(() => router.state.location.pathname).toBe('/');
  });

  it("says 'Success' when the state carries no message", async () => {
    renderApp({ path: '/success', state: {} });
    expect(await screen.findByRole('heading', { name: 'Success' })).toBeInTheDocument();
  });
});
