import { useQuery } from '@tanstack/react-query';
import { fetchApi, userQueryKey } from '@/lib/api-client';
import { useCurrentSession } from '@/lib/session-store';

export const rentedQueryKey = (userId: string) => userQueryKey('rented', userId);

export function getRented(input: { token: string; signal?: AbortSignal }) {
  return fetchApi('rented', { token: input.token, signal: input.signal });
}

/** The viewer's rentals that can still be watched, with their windows. */
export function useRented() {
  const session = useCurrentSession();
  return useQuery({
    queryKey: rentedQueryKey(session?.user._id ?? ''),
    queryFn: ({ signal }) => getRented({ token: session!.token, signal }),
    enabled: session !== null,
  });
}
