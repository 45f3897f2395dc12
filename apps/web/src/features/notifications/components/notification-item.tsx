import type { Notification } from '@marquee/contract';
import { Bell, ChevronDown } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { cn } from '@/lib/cn';

interface NotificationItemProps {
  notification: Notification;
  /** Called once, the first time an unread item is opened (behaviour.md §2). */
  onFirstOpen: (notificationId: string) => void;
}

const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

/** Image, title and date; the description unfolds on demand. */
export function NotificationItem({ notification, onFirstOpen }: NotificationItemProps) {
  const [expanded, setExpanded] = useState(false);
  const openedRef = useRef(false);
  const descriptionId = useId();
  const unread = !notification.isRead;

  const toggle = () => {
    const next = !expanded;
    setExpanded(next);
    if (next && !openedRef.current) {
      openedRef.current = true;
      if (unread) onFirstOpen(notification._id);
    }
  };

  return (
    <li className="border-b border-white/5 last:border-b-0">
      <button
        type="button"
        aria-expanded={expanded}
        aria-controls={descriptionId}
        onClick={toggle}
        className="flex w-full items-start gap-3 px-4 py-3 text-left transition hover:bg-white/5 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-amber-400"
      >
        {notification.image ? (
          <img src={notification.image} alt="" loading="lazy" className="aspect-video w-20 shrink-0 rounded object-cover ring-1 ring-white/10" />
        ) : (
          <span aria-hidden="true" className="flex aspect-video w-20 shrink-0 items-center justify-center rounded bg-zinc-800 text-amber-400">
            <Bell className="size-5" />
          </span>
        )}
        <span className="min-w-0 flex-1">
          <span className={cn('block text-sm leading-snug', unread ? 'font-semibold text-white' : 'text-zinc-300')}>
            {notification.title}
          </span>
          <time dateTime={notification.date} className="mt-1 block text-xs text-zinc-400">
            {formatDate(notification.date)}
          </time>
        </span>
        <span className="flex shrink-0 flex-col items-end gap-2 pt-0.5">
          {unread && (
            <span className="size-2 rounded-full bg-amber-400">
              <span className="sr-only">Unread</span>
            </span>
          )}
          <ChevronDown aria-hidden="true" className={cn('size-4 text-zinc-400 transition', expanded && 'rotate-180')} />
        </span>
      </button>
      <p id={descriptionId} hidden={!expanded} className="px-4 pb-4 text-sm leading-relaxed text-zinc-300">
        {notification.description}
      </p>
    </li>
  );
}

function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dateFormat.format(date);
}
