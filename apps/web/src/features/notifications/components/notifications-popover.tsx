import { Popover } from '@/components/ui/popover';
import { BellButton } from './bell-button';
import NotificationList from './notification-list';

interface NotificationsPopoverProps {
  count: number;
  defaultOpen: boolean;
}

/** The bell and the panel it opens (its own chunk: it brings Radix's popover and the list). */
export default function NotificationsPopover({ count, defaultOpen }: NotificationsPopoverProps) {
  return (
    <Popover
      label="Notifications"
      defaultOpen={defaultOpen}
      trigger={<BellButton count={count} />}
      // On a phone the panel takes the screen's width less a margin; from md it hangs under the bell.
      className="w-[calc(100vw-1rem)] md:w-96"
    >
      <div className="flex items-baseline justify-between border-b border-white/5 px-4 py-3">
        <h2 className="text-sm font-semibold text-white">Notifications</h2>
        {count > 0 && <span className="text-xs text-zinc-400">{count} unread</span>}
      </div>
      <NotificationList />
    </Popover>
  );
}
