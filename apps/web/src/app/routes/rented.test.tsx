import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSession } from '@/lib/session-store';
import { rowItem, session, uuid } from '@/test/fixtures';
import { jsonResponse, mockFetch } from '@/test/http';
import { renderApp } from '@/test/render';

const HOUR = 3_600_000;
const entry = (name: string, window: { startedAt: string | null; expiresAt: string | null }, isEnable = true) => ({
  _id: uuid(),
  kind: 'movie',
  item: rowItem({ name, isEnable }),
  startBy: new Date(Date.now() + 20.5 * 24 * HOUR).toISOString(),
  ...window,
});

describe('/my-account/rented', () => {
  beforeEach(() => useSession.getState().updateUser(session()));

  it('lists each rental with the time it has left, leaving out disabled titles', async () => {
    mockFetch(
      {
        '/user/rented': () =>
          jsonResponse({
            rentedContent: [
              entry('Neon Requiem', { startedAt: new Date().toISOString(), expiresAt: new Date(Date.now() + 31.5 * HOUR).toISOString() }),
              entry('Café Lumière', { startedAt: null, expiresAt: null }),
              entry('Iron Verdict', { startedAt: null, expiresAt: null }, false),
            ],
          }),
      },
      () => jsonResponse([]),
    );
    renderApp('/my-account/rented');

    const neon = await screen.findByRole('link', { name: /Neon Requiem/ });
    expect(neon).toHaveAttribute('href', '/movie/neon-requiem');
    expect(within(neon).getByText('31 h left')).toBeInTheDocument();
    expect(within(screen.getByRole('link', { name: /Café Lumière/ })).getByText('Start within 20 days')).toBeInTheDocument();
    expect(screen.queryByText('Iron Verdict')).not.toBeInTheDocument();
  });

  it('says No Data Found without rentals', async () => {
    mockFetch({ '/user/rented': () => jsonResponse({ rentedContent: [] }) }, () => jsonResponse([]));
    renderApp('/my-account/rented');
    expect(await screen.findByRole('heading', { name: 'No Data Found' })).toBeInTheDocument();
  });
});
