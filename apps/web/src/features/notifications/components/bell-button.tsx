import { Bell } from 'lucide-react';
import type { ComponentProps } from 'react';

interface BellButtonProps extends ComponentProps<'button'> {
  /** Unread notifications: named for screen readers and drawn as a badge. */
  count: number;
}

/** The header's bell, with the unread count. */
export function BellButton({ count, ...props }: BellButtonProps) {
  return (
    <button
      type="button"
      aria-label={count > 0 ? `Notifications, ${count} unread` : 'Notifications'}
      className="relative flex size-9 items-center justify-center rounded-full text-zinc-200 transition hover:bg-white/10 hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-400"
      {...props}
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
  );
}
