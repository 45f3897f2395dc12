import { useQuery, type QueryClient } from '@tanstack/react-query';
import { fetchApi, userQueryKey } from '@/lib/api-client';
import { useCurrentSession } from '@/lib/session-store';

export const watchlistMembershipQueryKey = (userId: string, titleId: string) =>
  userQueryKey('watchlistMembership', userId, { id: titleId });

export function getWatchlistMembership(input: { token: string; titleId: string; signal?: AbortSignal }) {
  return fetchApi('watchlistMembership', { token: input.token, params: { id: input.titleId }, signal: input.signal });
}

/** Whether a title is on the signed-in viewer's watchlist (`isExist`). */
export function useWatchlistMembership(titleId: string) {
  const session = useCurrentSession();
  return useQuery({
    queryKey: watchlistMembershipQueryKey(session?.user._id ?? '', titleId),
    queryFn: ({ signal }) => getWatchlistMembership({ token: session!.token, titleId, signal }),
    enabled: session !== null,
  });
}

/**
 * behaviour.md §4: membership is re-checked after each change. Matches every user's entry for the title
 * (query keys match partially), and the watchlist pages too.
 */
export function recheckWatchlist(queryClient: QueryClient, titleId: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ['watchlistMembership', { id: titleId }] }),
    queryClient.invalidateQueries({ queryKey: ['watchlist'] }),
  ]);
}
