import type { SentNotification } from '@marquee/contract/admin';
import { formatWhen } from '../utils/format';

const audienceLabel = { viewer: 'one viewer', subscribers: 'current subscribers', everyone: 'everyone' } as const;

/** Notifications sent from the console, newest first: what, to whom, how many accounts, by whom. */
export function SentNotifications({ items }: { items: SentNotification[] }) {
  if (items.length === 0) return <p className="py-6 text-center text-zinc-400">Nothing sent yet.</p>;
  return (
    <ul aria-label="Sent notifications" className="flex flex-col gap-2">
      {items.map((sent) => (
        <li key={sent._id} className="rounded-lg bg-zinc-900/60 px-3 py-2 text-sm">
          <p className="font-medium text-white">{sent.title}</p>
          <p className="text-zinc-300">{sent.message}</p>
          <p className="mt-1 text-xs text-zinc-400">
            To {sent.audience === 'viewer' ? sent.email : audienceLabel[sent.audience]} · {sent.accounts} {sent.accounts === 1 ? 'account' : 'accounts'} · {sent.sentBy.name || sent.sentBy.email} ·{' '}
            {formatWhen(sent.sentAt)}
          </p>
        </li>
      ))}
    </ul>
  );
}
