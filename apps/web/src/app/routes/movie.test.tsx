import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useSession } from '@/lib/session-store';
import { movie, rowItem, session } from '@/test/fixtures';
import { jsonResponse, mockFetch, problemResponse } from '@/test/http';
import { renderApp } from '@/test/render';

const signedIn = session();

function serve(film = movie(), similar = [rowItem({ name: 'Another Film', slug: 'another-film' })]) {
  return mockFetch(
    {
      [`/movie-name/${film.slug}`]: () => jsonResponse(film),
      [`/user/similar-movies/${film._id}`]: () => jsonResponse(similar),
    },
    () => jsonResponse([]),
  );
}

describe('/movie/:id', () => {
  it('shows the facts of the movie and the similar row', async () => {
    serve(movie({ name: 'The Long Night', duration: 134, language: 'English', releaseYear: 2023, rating: 4.2, ageLimit: 16 }));
    renderApp('/movie/the-long-night');

    expect(await screen.findByRole('heading', { level: 1, name: 'The Long Night' })).toBeInTheDocument();
    expect(screen.getByText('2h 14m')).toBeInTheDocument();
    expect(screen.getByText('English')).toBeInTheDocument();
    expect(screen.getByText('2023')).toBeInTheDocument();
    expect(screen.getByText('16+')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Rated 4.2 out of 5' })).toBeInTheDocument();
    expect(screen.getByText('Ana Reyes')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'You might also like' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Another Film' })).toHaveAttribute('href', '/movie/another-film');
  });

  it("plays the trailer when there is one, and treats 'undefined' as none", async () => {
    serve(movie({ trailer: '/media/trailers/long-night.mp4' }));
    const first = renderApp('/movie/the-long-night');
    const trailer = await screen.findByLabelText('The Long Night trailer');
    // The stream is attached once the player's HLS code has loaded (jsdom has no MSE: native playback).
    await expect.poll(() => trailer.getAttribute('src')).toBe('/media/trailers/long-night.mp4');
    first.unmount();

    serve(movie({ trailer: 'undefined' }));
    renderApp('/movie/the-long-night');
    await screen.findByRole('heading', { level: 1, name: 'The Long Night' });
    expect(screen.queryByLabelText('The Long Night trailer')).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'The Long Night' })).toHaveAttribute('src', '/media/images/h.webp');
  });

  it('sends a visitor without a session from Watch Now to /login', async () => {
    serve();
    const { router } = renderApp('/movie/the-long-night');
    await userEvent.click(await screen.findByRole('button', { name: 'Watch Now' }));
    await expect.poll(() => router.state.location.pathname).toBe('/login');
  });

  it('offers a signed-in viewer the preference dialog leading to /subscriptions', async () => {
    useSession.getState().updateUser(signedIn);
    serve();
    const { router } = renderApp('/movie/the-long-night');
    await userEvent.click(await screen.findByRole('button', { name: 'Watch Now' }));

    const dialog = await screen.findByRole('dialog', { name: 'Select Your Preference' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Buy Subscription' }));
    await expect.poll(() => router.state.location.pathname).toBe('/subscriptions');
    expect(router.state.location.state).toMatchObject({ title: { kind: 'movie', slug: 'the-long-night' }, returnTo: '/movie/the-long-night' });
    useSession.getState().logout();
  });

  it('offers the watchlist toggle to a signed-in viewer only', async () => {
    serve();
    const visitor = renderApp('/movie/the-long-night');
    await screen.findByRole('heading', { level: 1, name: 'The Long Night' });
    expect(screen.queryByRole('button', { name: 'Add to Watchlist' })).not.toBeInTheDocument();
    visitor.unmount();

    useSession.getState().updateUser(signedIn);
    const film = movie();
    mockFetch(
      {
        [`/movie-name/${film.slug}`]: () => jsonResponse(film),
        [`/user/watchlist/${film._id}`]: () => jsonResponse({ isExist: true }),
      },
      () => jsonResponse([]),
    );
    renderApp('/movie/the-long-night');
    expect(await screen.findByRole('button', { name: 'In Watchlist' })).toHaveAttribute('aria-pressed', 'true');
    useSession.getState().logout();
  });

  it('hides Watch Now when the viewer has access', async () => {
    serve(movie({ url: '/media/hls/long-night/master.m3u8?sig=abc' }));
    renderApp('/movie/the-long-night');
    await screen.findByRole('heading', { level: 1, name: 'The Long Night' });
    expect(screen.queryByRole('button', { name: 'Watch Now' })).not.toBeInTheDocument();
  });

  it('shows a not-found message for an unknown slug', async () => {
    mockFetch({ '/movie-name/nope': () => problemResponse(404, 'Movie not found') }, () => jsonResponse([]));
    renderApp('/movie/nope');
    expect(await screen.findByRole('heading', { name: 'This movie was not found' })).toBeInTheDocument();
    expect(screen.getByText('Movie not found')).toBeInTheDocument();
  });
});
