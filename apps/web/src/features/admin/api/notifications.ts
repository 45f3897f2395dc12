import type { NotificationInput } from '@marquee/contract/admin';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { adminQuery, useAdminMutation } from './admin-api-client';

export function useSentNotifications(query: { page: number; pageSize: number }) {
  return useQuery({ ...adminQuery('sentNotifications', { query }), placeholderData: keepPreviousData });
}

/** How many accounts the broad audiences reach now: the form's preview. */
export function useNotificationReach() {
  return useQuery(adminQuery('notificationReach'));
}

export function useSendNotification() {
  return useAdminMutation('sendNotification', { toCall: (body: NotificationInput) => ({ body }), invalidates: ['sentNotifications', 'audit'] });
}
