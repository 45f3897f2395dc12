import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useSession } from '@/lib/session-store';
import { rowItem, session } from '@/test/fixtures';
import { jsonResponse, mockFetch } from '@/test/http';
import { renderApp } from '@/test/render';

describe('/watchlist', () => {
  it("shows the viewer's enabled titles as cards linking to each title page", async () => {
    useSession.getState().updateUser(session());
    const film = rowItem({ name: 'Night Drive', slug: 'night-drive', horizontalBanner: '/media/images/night-drive.webp' });
    const show = rowItem({ name: 'Harbour Lights', slug: 'harbour-lights', kind: 'series' });
    const hidden = rowItem({ name: 'Withdrawn', slug: 'withdrawn', isEnable: false });
    mockFetch(
      {
        '/user/watchlist': () =>
          jsonResponse([
            { kind: 'movie', item: film },
            { kind: 'series', item: show },
            { kind: 'movie', item: hidden },
          ]),
      },
      () => jsonResponse([]),
    );
    renderApp('/watchlist');

    const card = await screen.findByRole('link', { name: 'Night Drive' });
    expect(card).toHaveAttribute('href', '/movie/night-drive');
    expect(card.querySelector('img')).toHaveAttribute('src', '/media/images/night-drive.webp');
    expect(screen.getByRole('link', { name: 'Harbour Lights' })).toHaveAttribute('href', '/series/harbour-lights');
    expect(screen.queryByText('Withdrawn')).not.toBeInTheDocument();
  });
});
