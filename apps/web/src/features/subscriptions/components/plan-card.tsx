import type { SubscriptionPlan } from '@marquee/contract';
import { Check } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatUsd } from '@/lib/money';

/** behaviour.md §9: validity is shown in days. */
export function formatValidity(days: number): string {
  return `${days} ${days === 1 ? 'day' : 'days'}`;
}

interface PlanCardProps {
  plan: SubscriptionPlan;
  featured?: boolean;
  /** The payment buttons, composed by the page. */
  children?: ReactNode;
}

export function PlanCard({ plan, featured = false, children }: PlanCardProps) {
  return (
    <article
      aria-labelledby={`plan-${plan._id}`}
      className={
        'flex flex-col rounded-2xl bg-zinc-900 p-6 ring-1 transition hover:-translate-y-0.5 ' +
        (featured ? 'ring-2 ring-amber-400' : 'ring-white/10 hover:ring-white/25')
      }
    >
      <h2 id={`plan-${plan._id}`} className="text-lg font-semibold text-white">
        {plan.title}
      </h2>
      <p className="mt-4 flex items-baseline gap-2">
        <span className="text-4xl font-bold tracking-tight text-white">{formatUsd(plan.price)}</span>
        <span className="text-sm text-zinc-400">/ {formatValidity(plan.validity)}</span>
      </p>
      {plan.description && <p className="mt-4 text-sm leading-relaxed text-zinc-400">{plan.description}</p>}
      <ul className="mt-6 space-y-2 text-sm text-zinc-300">
        <li className="flex gap-2">
          <Check aria-hidden="true" className="size-4 shrink-0 text-amber-400" /> Every movie and series in the catalogue
        </li>
        <li className="flex gap-2">
          <Check aria-hidden="true" className="size-4 shrink-0 text-amber-400" /> Valid for {formatValidity(plan.validity)}
        </li>
      </ul>
      <div className="mt-auto pt-8">{children}</div>
    </article>
  );
}
