import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { rowItem } from '@/test/fixtures';
import { deferred, jsonResponse, mockFetch } from '@/test/http';
import { renderApp } from '@/test/render';

function layoutRoutes() {
  return {
    '/user/homepage': () => jsonResponse([]),
    '/settings/display': () => jsonResponse({ subscriberCount: 35864, supportEmail: 'help@marquee.example' }),
  };
}

function result(name: string) {
  return jsonResponse({ movies: [rowItem({ name })], series: [], thirdParty: [] });
}

describe('search page', () => {
  it('never lets a slow answer for an older term replace the newer results', async () => {
    const older = deferred();
    const newer = deferred();
    const signals: Record<string, AbortSignal | undefined> = {};
    mockFetch({
      ...layoutRoutes(),
      '/search/a': (_url, init) => {
        signals.a = init?.signal ?? undefined;
        return older.promise;
      },
      '/search/ab': () => newer.promise,
    });
    renderApp('/search');

    await userEvent.type(await screen.findByPlaceholderText('Titles, people, genres'), 'ab');
    await act(async () => newer.resolve(result('Beta Movie')));
    expect(await screen.findByRole('link', { name: 'Beta Movie' })).toBeInTheDocument();

    await act(async () => older.resolve(result('Alpha Movie')));
    expect(screen.getByRole('link', { name: 'Beta Movie' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Alpha Movie' })).not.toBeInTheDocument();
    expect(signals.a?.aborted).toBe(true);
  });

  it('shows nothing from an older term that answers first while the newer one is pending', async () => {
    const older = deferred();
    const newer = deferred();
    mockFetch({ ...layoutRoutes(), '/search/a': () => older.promise, '/search/ab': () => newer.promise });
    renderApp('/search');

    await userEvent.type(await screen.findByPlaceholderText('Titles, people, genres'), 'ab');
    await act(async () => older.resolve(result('Alpha Movie')));
    expect(screen.queryByRole('link', { name: 'Alpha Movie' })).not.toBeInTheDocument();

    await act(async () => newer.resolve(result('Beta Movie')));
    expect(await screen.findByRole('link', { name: 'Beta Movie' })).toBeInTheDocument();
  });

  it("says 'No results found' when nothing came back, and shows only enabled items", async () => {
    mockFetch({
      ...layoutRoutes(),
      '/search/zz': () => jsonResponse({ movies: [rowItem({ name: 'Hidden', isEnable: false })], series: [], thirdParty: [] }),
    });
    renderApp('/search?q=zz');
    expect(await screen.findByText('No results found')).toBeInTheDocument();
    expect(screen.queryByText('Hidden')).not.toBeInTheDocument();
  });

  it('does not search for blank text', async () => {
    const fetchMock = mockFetch(layoutRoutes());
    renderApp('/search');
    await userEvent.type(await screen.findByPlaceholderText('Titles, people, genres'), '   ');
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(fetchMock.mock.calls.some(([input]) => String(input).startsWith('/search/'))).toBe(false);
  });

  it('shows Movies and Series rows linking by kind', async () => {
    mockFetch({
      ...layoutRoutes(),
      '/search/night': () =>
        jsonResponse({
          movies: [rowItem({ name: 'Night Drive', slug: 'night-drive' })],
          series: [rowItem({ name: 'Night Shift', slug: 'night-shift', kind: 'series' })],
          thirdParty: [],
        }),
    });
    renderApp('/search?q=night');
    expect(await screen.findByRole('heading', { name: 'Movies' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Series' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Night Drive' })).toHaveAttribute('href', '/movie/night-drive');
    expect(screen.getByRole('link', { name: 'Night Shift' })).toHaveAttribute('href', '/series/night-shift');
  });
});

describe('search page box', () => {
  it('takes the term of a link to the page while it is open, and empties for a bare /search', async () => {
    mockFetch({ ...layoutRoutes() }, (url) => (url.pathname.startsWith('/search/') ? result('Anything') : jsonResponse([])));
    const { router } = renderApp('/search?q=salt');
    const box = await screen.findByPlaceholderText('Titles, people, genres');
    expect(box).toHaveValue('salt');
    await act(() => router.navigate('/search?q=night'));
    expect(box).toHaveValue('night');
    await act(() => router.navigate('/search'));
    expect(box).toHaveValue('');
  });
});

describe('header search', () => {
  it('keeps the newest term’s results in the drop-down and clears when the page changes', async () => {
    const older = deferred();
    const newer = deferred();
    mockFetch({ ...layoutRoutes(), '/search/a': () => older.promise, '/search/ab': () => newer.promise });
    const { router } = renderApp('/about-us');

    const input = await screen.findByPlaceholderText('Search titles');
    await userEvent.type(input, 'ab');
    await act(async () => newer.resolve(result('Beta Movie')));
    await act(async () => older.resolve(result('Alpha Movie')));
    expect(await screen.findByText('Beta Movie')).toBeInTheDocument();
    expect(screen.queryByText('Alpha Movie')).not.toBeInTheDocument();

    await act(() => router.navigate('/refund'));
    expect(input).toHaveValue('');
    expect(screen.queryByText('Beta Movie')).not.toBeInTheDocument();
  });
});
