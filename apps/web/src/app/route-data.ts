import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { categoryDataQuery } from '@/features/catalog/api/get-category-data';
import { movieQuery } from '@/features/catalog/api/get-movie';
import { seriesQuery } from '@/features/catalog/api/get-series';
import { similarMoviesQuery } from '@/features/catalog/api/get-similar-movies';
import { similarSeriesQuery } from '@/features/catalog/api/get-similar-series';
import { rentedQuery } from '@/features/billing/api/get-rented';
import { searchQuery } from '@/features/search/api/search-titles';
import { watchlistQuery } from '@/features/watchlist/api/get-watchlist';
import { subscriptionPlansQuery } from '@/features/subscriptions/api/get-subscription-plans';
import { thirdPartyHomepageQuery } from '@/features/third-party/api/get-third-party-homepage';
import { thirdPartyMovieQuery } from '@/features/third-party/api/get-third-party-movie';
import { thirdPartySimilarQuery } from '@/features/third-party/api/get-third-party-similar';
import { activeCategoryOf, currentSession, useSession } from '@/lib/session-store';

/**
 * Starts a page's calls as soon as it is navigated to, while its code downloads, instead of after
 * the page has rendered (a waterfall: chunk, then data, then the data that needs the data). The
 * router runs it as the route's loader; the page's own queries then find the answers in the cache
 * or in flight under the same keys. Nothing is awaited, so navigation never waits for data: the
 * page draws its loading state as before. Failures are left to the page's query, which retries
 * and reports them.
 */
export type Prefetch = (client: QueryClient, args: LoaderFunctionArgs) => void;

export const prefetch = {
  home: (client) => {
    const { homepage, activeCategory } = useSession.getState();
    const id = activeCategoryOf(homepage, activeCategory);
    if (id) void client.prefetchQuery(categoryDataQuery(id, currentSession()));
  },
  movie: (client, { params }) => {
    const viewer = currentSession();
    then(client.ensureQueryData(movieQuery(params.id ?? '', viewer)), (movie) => client.prefetchQuery(similarMoviesQuery(movie._id, viewer)));
  },
  series: (client, { params }) => {
    const viewer = currentSession();
    then(client.ensureQueryData(seriesQuery(params.id ?? '', viewer)), (series) => client.prefetchQuery(similarSeriesQuery(series._id, viewer)));
  },
  thirdPartyHome: (client) => void client.prefetchQuery(thirdPartyHomepageQuery(currentSession())),
  thirdPartyTitle: (client, { params }) => {
    const viewer = currentSession();
    then(client.ensureQueryData(thirdPartyMovieQuery(params.id ?? '', viewer)), (title) =>
      client.prefetchQuery(thirdPartySimilarQuery(title._id, viewer)),
    );
  },
  subscriptions: (client) => void client.prefetchQuery(subscriptionPlansQuery()),
  search: (client, { request }) => {
    const term = new URL(request.url).searchParams.get('q')?.trim() ?? '';
    if (term) void client.prefetchQuery(searchQuery(term, currentSession()));
  },
  watchlist: (client) => {
    const viewer = currentSession();
    if (viewer) void client.prefetchQuery(watchlistQuery(viewer));
  },
  rented: (client) => {
    const viewer = currentSession();
    if (viewer) void client.prefetchQuery(rentedQuery(viewer));
  },
} satisfies Record<string, Prefetch>;

/** Chains the call that needs a first answer; a failed first call is the page's to report. */
function then<T>(first: Promise<T>, next: (value: T) => Promise<unknown>): void {
  first.then(next).catch(() => undefined);
}
