import type { Notification } from '@marquee/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fetchApi } from '@/lib/api-client';
import { requireSessionToken, useSession } from '@/lib/session-store';
import { notificationsQueryKey } from './get-notifications';
import { unreadCountQueryKey } from './get-unread-count';

export function markNotificationRead(input: { token: string; notificationId: string }) {
  return fetchApi('markNotificationRead', { token: input.token, params: { id: input.notificationId } });
}

/** Marks one notification read, then shows it read and refreshes the unread count. */
export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['markNotificationRead'],
    mutationFn: (notificationId: string) => markNotificationRead({ token: requireSessionToken(), notificationId }),
    onSuccess: async (_answer, notificationId) => {
      const userId = useSession.getState().user?.user._id;
      if (!userId) return;
      queryClient.setQueryData<Notification[]>(notificationsQueryKey(userId), (list) =>
        list?.map((item) => (item._id === notificationId ? { ...item, isRead: true } : item)),
      );
      await queryClient.invalidateQueries({ queryKey: unreadCountQueryKey(userId) });
    },
  });
}
