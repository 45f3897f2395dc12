import { cn } from '@/lib/cn';
import { formatUsd } from '@/lib/money';
import type { PurchaseSummary } from '@/lib/navigation-state';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' });

/** What was bought and until when, on the confirmation screens after paying for a plan. */
export function PurchaseDetails({ purchase, className }: { purchase: PurchaseSummary; className?: string }) {
  const rows: [string, string][] = [
    ['Plan', purchase.plan],
    ['Paid', `${formatUsd(purchase.price)} USD`],
    ...(purchase.validUntil ? [['Watch everything until', dateFormat.format(new Date(purchase.validUntil))] as [string, string]] : []),
  ];
  return (
    <dl className={cn('divide-y divide-white/10 rounded-xl bg-zinc-900 px-5 text-left text-sm ring-1 ring-white/10', className)}>
      {rows.map(([term, value]) => (
        <div key={term} className="flex items-baseline justify-between gap-4 py-3">
          <dt className="text-zinc-400">{term}</dt>
          <dd className="text-right font-semibold text-white">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
