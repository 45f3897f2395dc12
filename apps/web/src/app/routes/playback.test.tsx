import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { useSession } from '@/lib/session-store';
import { episode, movie, series, session } from '@/test/fixtures';
import { authorizationOf, jsonResponse, mockFetch, requestsTo } from '@/test/http';
import { renderApp } from '@/test/render';

/** jsdom plays nothing: stands in for the element's clock, then fires the event. */
function at(video: HTMLVideoElement, clock: { time: number; duration: number }, event: string) {
  Object.defineProperty(video, 'duration', { configurable: true, get: () => clock.duration });
  Object.defineProperty(video, 'currentTime', { configurable: true, get: () => clock.time });
  if (event === 'ended') Object.defineProperty(video, 'ended', { configurable: true, get: () => true });
  act(() => {
    video.dispatchEvent(new Event(event));
  });
}

function videoIn(regionName: string): HTMLVideoElement {
  return screen.getByRole('region', { name: regionName }).querySelector('video')!;
}

describe('playback on title pages', () => {
  const film = movie({ url: '/media/s/1/v/sig/a/master.m3u8', resume: { episodeId: null, position: 600 } });

  it('saves where a signed-in viewer paused, with their token', async () => {
    useSession.getState().updateUser(session({}, 'token-rita'));
    const fetchMock = mockFetch({ [`/movie-name/${film.slug}`]: () => jsonResponse(film), '/user/progress': () => jsonResponse({ message: 'Progress saved' }) }, () =>
      jsonResponse([]),
    );
    renderApp(`/movie/${film.slug}`);
    expect(await screen.findByRole('button', { name: 'Resume from 10:00' })).toBeInTheDocument();

    at(videoIn('The Long Night player'), { time: 612.5, duration: 8040 }, 'pause');
    const [save] = requestsTo(fetchMock, '/user/progress', 'PUT');
    expect(JSON.parse(String(save!.init?.body))).toEqual({ titleId: film._id, position: 612.5, duration: 8040 });
    expect(authorizationOf(save!.init)).toBe('Bearer token-rita');
    expect(save!.init?.keepalive).toBe(true);
    // The page itself was asked for as this viewer: the server decides their access and resume point.
    expect(authorizationOf(requestsTo(fetchMock, `/movie-name/${film.slug}`)[0]!.init)).toBe('Bearer token-rita');
  });

  it('saves nothing for a visitor, nor for a trailer', async () => {
    const trailerOnly = movie({ trailer: '/media/videos/t/master.m3u8', slug: 'trailer-only' });
    const fetchMock = mockFetch({ [`/movie-name/${film.slug}`]: () => jsonResponse(film), '/movie-name/trailer-only': () => jsonResponse(trailerOnly) }, () => jsonResponse([]));
    const visitor = renderApp(`/movie/${film.slug}`);
    await screen.findByRole('region', { name: 'The Long Night player' });
    at(videoIn('The Long Night player'), { time: 700, duration: 8040 }, 'pause');
    visitor.unmount();

    useSession.getState().updateUser(session());
    renderApp('/movie/trailer-only');
    await screen.findByRole('region', { name: 'The Long Night trailer player' });
    at(videoIn('The Long Night trailer player'), { time: 20, duration: 60 }, 'pause');
    expect(requestsTo(fetchMock, '/user/progress')).toHaveLength(0);
  });

  it('opens a series on the resumed episode and offers the next one when it ends', async () => {
    const episodes = [
      episode({ number: 1, name: 'Pilot', url: '/media/s/1/v/sig/e1/master.m3u8' }),
      episode({ number: 2, name: 'The Storm', url: '/media/s/1/v/sig/e2/master.m3u8' }),
      episode({ number: 3, name: 'Low Tide', url: '/media/s/1/v/sig/e3/master.m3u8' }),
    ];
    const show = series({ episodes, resume: { episodeId: episodes[1]!._id, position: 300 } });
    mockFetch({ [`/series-name/${show.slug}`]: () => jsonResponse(show) }, () => jsonResponse([]));
    // jsdom cannot play: record the call and announce it as a browser would.
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
      this.dispatchEvent(new Event('play'));
      return Promise.resolve();
    });
    renderApp(`/series/${show.slug}`);

    const second = await screen.findByRole('region', { name: 'Harbour Lights, episode 2: The Storm player' });
    expect(within(second).getByRole('button', { name: 'Resume from 5:00' })).toBeInTheDocument();

    at(videoIn('Harbour Lights, episode 2: The Storm player'), { time: 2880, duration: 2880 }, 'ended');
    expect(screen.getByText('Next episode in 5')).toBeInTheDocument();
    expect(play).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Play now' }));

    // The next episode starts by itself, from its beginning.
    const third = await screen.findByRole('region', { name: 'Harbour Lights, episode 3: Low Tide player' });
    await expect.poll(() => play.mock.contexts.at(-1)).toBe(third.querySelector('video'));
    expect(within(third).queryByRole('button', { name: /Resume/ })).not.toBeInTheDocument();
    expect(screen.getByText('Episode 3: Low Tide')).toBeInTheDocument();
  });

  it('opens a series on the episode a Continue Watching link names', async () => {
    const episodes = [episode({ number: 1, name: 'Pilot', url: '/media/s/e1.m3u8' }), episode({ number: 2, name: 'The Storm', url: '/media/s/e2.m3u8' })];
    const show = series({ episodes });
    mockFetch({ [`/series-name/${show.slug}`]: () => jsonResponse(show) }, () => jsonResponse([]));
    renderApp(`/series/${show.slug}?episode=${episodes[1]!._id}`);
    expect(await screen.findByRole('region', { name: 'Harbour Lights, episode 2: The Storm player' })).toBeInTheDocument();
  });
});
