import type { SubscriptionPlan } from '@marquee/contract';
import { Link, useNavigate } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { paths } from '@/config/paths';
import type { PurchaseSummary, SubscriptionIntent } from '@/lib/navigation-state';
import { useCurrentSession } from '@/lib/session-store';
import { useSubscriptionStatus } from '../api/get-subscription-status';
import { Checkout } from './checkout';
import { CheckoutLoading } from './checkout-parts';

interface SubscriptionCheckoutProps {
  plan: SubscriptionPlan;
  /** The title the viewer came to watch, carried to /success. */
  title?: SubscriptionIntent['title'];
  /** After payment, for a viewer who already had a valid subscription (behaviour.md §2: a dialog, not /success). */
  onRenewed: (renewal: { message: string; purchase: PurchaseSummary }) => void;
}

/**
 * A plan's payment button. Signed out, it leads to sign-in. A viewer whose subscription is valid
 * renews or changes plan (behaviour.md §4: the second call with the same payload); the others buy, then
 * land on /success with the server's message.
 */
export function SubscriptionCheckout({ plan, title, onRenewed }: SubscriptionCheckoutProps) {
  const session = useCurrentSession();
  const status = useSubscriptionStatus();
  const navigate = useNavigate();

  if (!session) {
    return (
      <Link to={paths.login.href()} className={buttonClass({ className: 'w-full' })}>
        Sign in to subscribe
      </Link>
    );
  }
  if (status.isPending) return <CheckoutLoading />;
  const renew = status.data?.subscriptionValid ?? false;
  return (
    <Checkout
      purchase={{ kind: 'subscription', plan, renew }}
      onPaid={({ message, validUntil }) => {
        const purchase: PurchaseSummary = { plan: plan.title, price: plan.price, validUntil: validUntil ?? null };
        if (renew) onRenewed({ message, purchase });
        else void navigate(paths.success.href(), { state: { message, purchase, title } });
      }}
    />
  );
}
