import { useQuery } from '@tanstack/react-query';
import { fetchApi, userQueryKey } from '@/lib/api-client';
import { useCurrentSession } from '@/lib/session-store';

export const watchlistQueryKey = (userId: string) => userQueryKey('watchlist', userId);

export function getWatchlist(input: { token: string; signal?: AbortSignal }) {
  return fetchApi('watchlist', { token: input.token, signal: input.signal });
}

/** The signed-in viewer's watchlist, newest first. */
export function useWatchlist() {
  const session = useCurrentSession();
  return useQuery({
    queryKey: watchlistQueryKey(session?.user._id ?? ''),
    queryFn: ({ signal }) => getWatchlist({ token: session!.token, signal }),
    enabled: session !== null,
  });
}
