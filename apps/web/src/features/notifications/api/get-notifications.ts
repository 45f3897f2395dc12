import { useQuery } from '@tanstack/react-query';
import { fetchApi, userQueryKey } from '@/lib/api-client';
import { useCurrentSession } from '@/lib/session-store';

export const notificationsQueryKey = (userId: string) => userQueryKey('notifications', userId);

export function getNotifications(input: { token: string; signal?: AbortSignal }) {
  return fetchApi('notifications', { token: input.token, signal: input.signal });
}

/** The viewer's notifications, newest first (the panel mounts it when it opens). */
export function useNotifications() {
  const session = useCurrentSession();
  return useQuery({
    queryKey: notificationsQueryKey(session?.user._id ?? ''),
    queryFn: ({ signal }) => getNotifications({ token: session!.token, signal }),
    enabled: session !== null,
  });
}
