import { FormMessage } from '@/features/admin/components/fields';
import { PageSpinner } from '@/components/ui/spinner';
import { useNotificationReach, useSendNotification, useSentNotifications } from '@/features/admin/api/notifications';
import { NotificationForm } from '@/features/admin/components/notification-form';
import { Pager } from '@/features/admin/components/pager';
import { SentNotifications } from '@/features/admin/components/sent-notifications';
import { useUrlFilters } from '@/features/admin/hooks/use-url-filters';

const PAGE_SIZE = 25;

/** Sending a notification to one viewer, current subscribers or everyone, and what was sent before. */
export function Component() {
  const { page, set } = useUrlFilters();
  const reach = useNotificationReach();
  const sent = useSentNotifications({ page, pageSize: PAGE_SIZE });
  const send = useSendNotification();

  return (
    <div className="flex max-w-4xl flex-col gap-6">
      <h1 className="text-2xl font-semibold text-white">Notifications</h1>
      <NotificationForm reach={reach.data} onSend={(input) => send.mutateAsync(input)} />
      <h2 className="text-lg font-semibold text-white">Sent</h2>
      {sent.isError && <FormMessage tone="error">{sent.error.message}</FormMessage>}
      {sent.isPending ? <PageSpinner /> : <SentNotifications items={sent.data?.items ?? []} />}
      <Pager total={sent.data?.total ?? 0} page={page} pageSize={PAGE_SIZE} noun={['notification', 'notifications']} onPage={(next) => set('page', String(next))} />
    </div>
  );
}
