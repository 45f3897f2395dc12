import { useQuery } from '@tanstack/react-query';
import { fetchApi, userQueryKey } from '@/lib/api-client';
import { useCurrentSession } from '@/lib/session-store';

export const continueWatchingQueryKey = (userId: string) => userQueryKey('continueWatching', userId);

export function getContinueWatching(input: { token: string; signal?: AbortSignal }) {
  return fetchApi('continueWatching', { token: input.token, signal: input.signal });
}

/** Titles the signed-in viewer started and did not finish, newest first. */
export function useContinueWatching() {
  const session = useCurrentSession();
  return useQuery({
    queryKey: continueWatchingQueryKey(session?.user._id ?? ''),
    queryFn: ({ signal }) => getContinueWatching({ token: session!.token, signal }),
    enabled: session !== null,
  });
}
