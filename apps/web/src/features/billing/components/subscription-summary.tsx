import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useSubscriptionStatus } from '../api/get-subscription-status';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' });

/** The viewer's plan in force and its end date; nothing for a viewer without one. */
export function SubscriptionSummary() {
  const status = useSubscriptionStatus();
  const current = status.data;
  if (!current?.subscriptionValid) return null;
  return (
    <p className="text-sm text-emerald-300">
      Your {current.plan ?? 'subscription'} plan is active
      {current.validUntil ? ` until ${dateFormat.format(new Date(current.validUntil))}` : ''}.
    </p>
  );
}

/** My Account's subscription section: the plan and its end, or a way to the plans. */
export function AccountSubscription() {
  const status = useSubscriptionStatus();
  if (status.isPending) return null;
  const valid = status.data?.subscriptionValid ?? false;
  return (
    <section aria-labelledby="account-subscription" className="scroll-mt-32 rounded-xl bg-zinc-900 p-6 ring-1 ring-white/10">
      <h2 id="account-subscription" className="text-lg font-semibold text-white">
        Subscription
      </h2>
      <div className="mt-2 space-y-3">
        {valid ? <SubscriptionSummary /> : <p className="text-sm text-zinc-400">You have no active subscription.</p>}
        <Link to={paths.subscriptions.href()} className="inline-block text-sm font-medium text-amber-400 hover:text-amber-300">
          {valid ? 'Renew or change plan' : 'See plans'}
        </Link>
      </div>
    </section>
  );
}
