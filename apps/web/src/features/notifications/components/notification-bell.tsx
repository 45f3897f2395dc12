import { Bell } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { usePopover } from '@/components/ui/use-popover';
import { useCurrentSession } from '@/lib/session-store';
import { useUnreadCount } from '../api/get-unread-count';

// The list is needed only once the bell is clicked: it stays out of the first page load.
const NotificationList = lazy(() => import('./notification-list'));

const loading = (
  <p role="status" className="px-4 py-8 text-center text-sm text-zinc-400">
    Loading…
  </p>
);

/** The header's bell with the unread count; it opens the notifications panel. Signed-in viewers only. */
export function NotificationBell() {
  const session = useCurrentSession();
  if (!session) return null;
  return <SignedInBell />;
}

function SignedInBell() {
  const unread = useUnreadCount();
  const { open, rootProps, triggerProps, panelId } = usePopover();
  const panelRef = useRef<HTMLDivElement>(null);
  const count = unread.data?.notificationCount ?? 0;

  useEffect(() => {
    if (open) panelRef.current?.focus();
  }, [open]);

  return (
    // Below md the panel spans the top bar (the nearest positioned box); from md it hangs under the bell.
    <div {...rootProps} className="md:relative">
      <button
        type="button"
        {...triggerProps}
        aria-label={count > 0 ? `Notifications, ${count} unread` : 'Notifications'}
        className="relative flex size-9 items-center justify-center rounded-full text-zinc-200 transition hover:bg-white/10 hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-400"
      >
        <Bell aria-hidden="true" className="size-5" />
        {count > 0 && (
          <span
            aria-hidden="true"
            data-testid="unread-badge"
            className="absolute -top-0.5 -right-0.5 flex h-4.5 min-w-4.5 items-center justify-center rounded-full bg-red-600 px-1 text-[10px] leading-none font-bold text-white ring-2 ring-zinc-950"
          >
            {count > 99 ? '99+' : count}
          </span>
        )}
      </button>
      {open && (
        <div
          ref={panelRef}
          id={panelId}
          role="dialog"
          aria-label="Notifications"
          tabIndex={-1}
          className="absolute inset-x-2 top-full z-40 mt-2 overflow-hidden rounded-xl bg-zinc-900 shadow-2xl ring-1 ring-white/10 outline-none md:inset-x-auto md:right-0 md:w-96"
        >
          <div className="flex items-baseline justify-between border-b border-white/5 px-4 py-3">
            <h2 className="text-sm font-semibold text-white">Notifications</h2>
            {count > 0 && <span className="text-xs text-zinc-400">{count} unread</span>}
          </div>
          <Suspense fallback={loading}>
            <NotificationList />
          </Suspense>
        </div>
      )}
    </div>
  );
}
