import { useNotifications } from '../api/get-notifications';
import { useMarkNotificationRead } from '../api/mark-notification-read';
import { NotificationItem } from './notification-item';

/** The panel's list: loading, 'No Data Found', or the notifications newest first. */
export default function NotificationList() {
  const notifications = useNotifications();
  const markRead = useMarkNotificationRead();

  if (notifications.isPending) {
    return (
      <p role="status" className="px-4 py-8 text-center text-sm text-zinc-400">
        Loading…
      </p>
    );
  }
  const items = notifications.data ?? [];
  if (items.length === 0) return <p className="px-4 py-8 text-center text-sm text-zinc-400">No Data Found</p>;

  return (
    <ul className="max-h-[min(28rem,70vh)] overflow-y-auto overscroll-contain">
      {items.map((notification) => (
        <NotificationItem key={notification._id} notification={notification} onFirstOpen={(id) => markRead.mutate(id)} />
      ))}
    </ul>
  );
}
