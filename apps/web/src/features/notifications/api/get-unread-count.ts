import { useQuery } from '@tanstack/react-query';
import { fetchApi, userQueryKey } from '@/lib/api-client';
import { useCurrentSession } from '@/lib/session-store';

export const unreadCountQueryKey = (userId: string) => userQueryKey('unreadNotifications', userId);

export function getUnreadCount(input: { token: string; signal?: AbortSignal }) {
  return fetchApi('unreadNotifications', { token: input.token, signal: input.signal });
}

/** How many notifications the viewer has not read; refreshed when the tab comes back into view. */
export function useUnreadCount() {
  const session = useCurrentSession();
  return useQuery({
    queryKey: unreadCountQueryKey(session?.user._id ?? ''),
    queryFn: ({ signal }) => getUnreadCount({ token: session!.token, signal }),
    enabled: session !== null,
    refetchOnWindowFocus: true,
  });
}
