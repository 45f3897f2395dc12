import { lazy, Suspense } from 'react';
import { usePaymentsConfig } from '../api/get-payments-config';
import { CheckoutLoading, type CheckoutProps } from './checkout-parts';
import { ResumeState, useResumePayment } from './resume-payment';
import { SandboxCheckout } from './sandbox-checkout';

// PayPal's SDK wrapper loads only where PayPal takes the payments, and only on a payment screen.
const PayPalCheckout = lazy(() => import('./paypal-checkout'));

/**
 * The payment buttons of the configured provider for one purchase, after finishing an order this
 * tab left unfinished for it (resume-payment.tsx).
 */
export function Checkout({ purchase, onPaid }: CheckoutProps) {
  const resume = useResumePayment({ purchase, onPaid });
  if (resume.resuming) return <ResumeState {...resume} />;
  return (
    <>
      <ResumeState {...resume} />
      <ProviderButtons purchase={purchase} onPaid={onPaid} />
    </>
  );
}

function ProviderButtons({ purchase, onPaid }: CheckoutProps) {
  const config = usePaymentsConfig();
  if (config.isPending) return <CheckoutLoading />;
  if (config.isError) {
    return (
      <p role="alert" className="text-sm text-red-400">
        Payments are unavailable right now. Please try again later.
      </p>
    );
  }
  if (config.data.provider === 'paypal' && config.data.clientId) {
    return (
      <Suspense fallback={<CheckoutLoading />}>
        <PayPalCheckout clientId={config.data.clientId} purchase={purchase} onPaid={onPaid} />
      </Suspense>
    );
  }
  return <SandboxCheckout purchase={purchase} onPaid={onPaid} />;
}
