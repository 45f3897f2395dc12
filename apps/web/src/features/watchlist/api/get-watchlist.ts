import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchApi, SIGNED_OUT, userQueryKey, type Viewer } from '@/lib/api-client';
import { useCurrentSession } from '@/lib/session-store';

export const watchlistQueryKey = (userId: string) => userQueryKey('watchlist', userId);

export function getWatchlist(input: { token: string; signal?: AbortSignal }) {
  return fetchApi('watchlist', { token: input.token, signal: input.signal });
}

/** The query (key and fetcher) the watchlist page's loader prefetches and the hook reads. */
export function watchlistQuery(session: NonNullable<Viewer>) {
  return queryOptions({
    queryKey: watchlistQueryKey(session.user._id),
    queryFn: ({ signal }) => getWatchlist({ token: session.token, signal }),
  });
}

/** The signed-in viewer's watchlist, newest first. */
export function useWatchlist() {
  const session = useCurrentSession();
  return useQuery({ ...watchlistQuery(session ?? SIGNED_OUT), enabled: session !== null });
}
