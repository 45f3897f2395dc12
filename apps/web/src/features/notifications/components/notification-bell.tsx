import { lazy } from 'react';
import { DeferredPopup } from '@/components/ui/deferred-popup';
import { useCurrentSession } from '@/lib/session-store';
import { useUnreadCount } from '../api/get-unread-count';
import { BellButton } from './bell-button';

const NotificationsPopover = lazy(() => import('./notifications-popover'));

/** The header's bell with the unread count; it opens the notifications panel. Signed-in viewers only. */
export function NotificationBell() {
  const session = useCurrentSession();
  if (!session) return null;
  return <SignedInBell />;
}

function SignedInBell() {
  const unread = useUnreadCount();
  const count = unread.data?.notificationCount ?? 0;
  return (
    <DeferredPopup standIn={(ask) => <BellButton count={count} aria-haspopup="dialog" aria-expanded={false} onClick={ask} />}>
      {(openOnArrival) => <NotificationsPopover count={count} defaultOpen={openOnArrival} />}
    </DeferredPopup>
  );
}
