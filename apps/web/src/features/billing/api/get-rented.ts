import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchApi, SIGNED_OUT, userQueryKey, type Viewer } from '@/lib/api-client';
import { useCurrentSession } from '@/lib/session-store';

export const rentedQueryKey = (userId: string) => userQueryKey('rented', userId);

export function getRented(input: { token: string; signal?: AbortSignal }) {
  return fetchApi('rented', { token: input.token, signal: input.signal });
}

/** The query (key and fetcher) the rented page's loader prefetches and the hook reads. */
export function rentedQuery(session: NonNullable<Viewer>) {
  return queryOptions({
    queryKey: rentedQueryKey(session.user._id),
    queryFn: ({ signal }) => getRented({ token: session.token, signal }),
  });
}

/** The viewer's rentals that can still be watched, with their windows. */
export function useRented() {
  const session = useCurrentSession();
  return useQuery({ ...rentedQuery(session ?? SIGNED_OUT), enabled: session !== null });
}
