import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { movie, plan, rowItem, session } from '@/test/fixtures';
import { deferred, jsonResponse, mockFetch, requestsTo } from '@/test/http';
import { createQueryClient } from '@/lib/query-client';
import { useSession } from '@/lib/session-store';
import { AppProviders } from './providers';
import { createRoutes } from './router';

/**
 * The app's routes on a memory router that nothing renders yet, so only loaders can fetch; with
 * the app's own cache settings (answers stay fresh for a minute, so a page reuses them).
 */
async function unrenderedApp(start: string) {
  const queryClient = createQueryClient();
  const router = createMemoryRouter(createRoutes(queryClient), { initialEntries: [start] });
  await expect.poll(() => router.state.initialized).toBe(true);
  return { router, queryClient };
}

describe('route loaders', () => {
  it("fetch a movie page's data as soon as it is navigated to, then its similar titles, before the page renders", async () => {
    const film = movie({ name: 'The Long Night', slug: 'the-long-night' });
    const answer = deferred();
    const fetchMock = mockFetch(
      {
        '/movie-name/the-long-night': () => answer.promise,
        [`/user/similar-movies/${film._id}`]: () => jsonResponse([rowItem({ name: 'Another Film' })]),
      },
      () => jsonResponse([]),
    );
    const { router, queryClient } = await unrenderedApp('/about-us');

    void router.navigate('/movie/the-long-night');
    await expect.poll(() => requestsTo(fetchMock, '/movie-name/the-long-night')).toHaveLength(1);
    answer.resolve(jsonResponse(film));
    await expect.poll(() => requestsTo(fetchMock, `/user/similar-movies/${film._id}`)).toHaveLength(1);

    // The page then renders from the cache: no second request for either.
    await act(async () => {
      render(
        <AppProviders queryClient={queryClient}>
          <RouterProvider router={router} />
        </AppProviders>,
      );
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'The Long Night' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /Another Film/ })).toBeInTheDocument();
    expect(requestsTo(fetchMock, '/movie-name/the-long-night')).toHaveLength(1);
    expect(requestsTo(fetchMock, `/user/similar-movies/${film._id}`)).toHaveLength(1);
  });

  it('fetch the plans of /subscriptions and the partner home of /third-party', async () => {
    const fetchMock = mockFetch({ '/all-subscriptions': () => jsonResponse([plan()]) }, () => jsonResponse({ banners: [], subcategories: [] }));
    const { router } = await unrenderedApp('/about-us');

    await router.navigate('/subscriptions');
    expect(requestsTo(fetchMock, '/all-subscriptions')).toHaveLength(1);
    await router.navigate('/third-party');
    expect(requestsTo(fetchMock, '/partners/homepage')).toHaveLength(1);
  });

  it("fetch a search's results from the URL's term, and a signed-in viewer's watchlist and rentals", async () => {
    const fetchMock = mockFetch({}, () => jsonResponse([]));
    const { router } = await unrenderedApp('/about-us');

    await router.navigate('/search?q=%20noir%20');
    expect(requestsTo(fetchMock, '/search/noir')).toHaveLength(1);

    useSession.getState().updateUser(session());
    await router.navigate('/watchlist');
    expect(requestsTo(fetchMock, '/user/watchlist')).toHaveLength(1);
    await router.navigate('/my-account/rented');
    expect(requestsTo(fetchMock, '/user/rented')).toHaveLength(1);
  });

  it('leave a failed call to the page, which reports it', async () => {
    const fetchMock = mockFetch({}, () => jsonResponse({ message: 'Not found' }, 404));
    const { router } = await unrenderedApp('/about-us');

    await router.navigate('/movie/no-such-film');
    expect(requestsTo(fetchMock, '/movie-name/no-such-film')).toHaveLength(1);
    expect(router.state.location.pathname).toBe('/movie/no-such-film');
    expect(router.state.errors).toBeNull();
  });
});
