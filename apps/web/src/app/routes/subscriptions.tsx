import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { PageMessage } from '@/components/layout/page-message';
import { buttonClass } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { PurchaseDetails } from '@/features/billing/components/purchase-details';
import { SubscriptionCheckout } from '@/features/billing/components/subscription-checkout';
import { SubscriptionSummary } from '@/features/billing/components/subscription-summary';
import { useSubscriptionPlans } from '@/features/subscriptions/api/get-subscription-plans';
import { WatchNext } from '@/features/catalog/components/watch-next';
import { PlanCard } from '@/features/subscriptions/components/plan-card';
import { readSubscriptionIntent, type PurchaseSummary } from '@/lib/navigation-state';

export function Component() {
  const intent = readSubscriptionIntent(useLocation().state);
  const plans = useSubscriptionPlans();
  const [renewed, setRenewed] = useState<{ message: string; purchase: PurchaseSummary } | null>(null);

  return (
    <div className="space-y-10">
      <header className="mx-auto max-w-2xl space-y-3 text-center">
        <h1 className="text-3xl font-bold tracking-tight text-white sm:text-4xl">Choose your plan</h1>
        <p className="text-zinc-400">
          {intent ? `Subscribe to watch ${intent.title.name} and everything else on Marquee.` : 'Unlimited movies and series. Prices in USD.'}
        </p>
        <SubscriptionSummary />
      </header>
      {plans.isPending ? (
        <PageSpinner />
      ) : !plans.data || plans.data.length === 0 ? (
        <PageMessage title="No Data Found" headingLevel={2} />
      ) : (
        <div className="mx-auto grid max-w-5xl gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {plans.data.map((plan, index) => (
            <PlanCard key={plan._id} plan={plan} featured={plans.data.length > 1 && index === 1}>
              <SubscriptionCheckout plan={plan} title={intent?.title} onRenewed={setRenewed} />
            </PlanCard>
          ))}
        </div>
      )}
      {/* behaviour.md §2: a viewer who already had a valid subscription stays here, with this dialog. */}
      <Dialog open={renewed !== null} onOpenChange={(open) => !open && setRenewed(null)} title={renewed?.message ?? 'Success'}>
        {renewed && (
          <div className="space-y-5">
            <PurchaseDetails purchase={renewed.purchase} />
            {intent && (
              <Link to={intent.returnTo} className={buttonClass({ variant: 'secondary', className: 'w-full' })}>
                Watch {intent.title.name}
              </Link>
            )}
            <Link to={paths.myAccount.href()} className={buttonClass({ className: 'w-full' })}>
              Enjoy Watching
            </Link>
            <WatchNext limit={3} exceptSlug={intent?.title.slug} />
          </div>
        )}
      </Dialog>
    </div>
  );
}
