import { PayPalButtons, PayPalScriptProvider, usePayPalScriptReducer } from '@paypal/react-paypal-js';
import { useState } from 'react';
import { ApiError } from '@/lib/api-client';
import { requireSessionToken } from '@/lib/session-store';
import { orderFor, useCompletePurchase } from '../api/pay';
import { CheckoutLoading, type CheckoutProps } from './checkout-parts';

interface PayPalCheckoutProps extends CheckoutProps {
  clientId: string;
}

/**
 * PayPal's buttons (behaviour.md §4: intent capture, currency USD). The order is created by our server at
 * the plan's or rental's price; after approval our server captures it and grants access.
 */
export default function PayPalCheckout({ clientId, purchase, onPaid }: PayPalCheckoutProps) {
  const complete = useCompletePurchase(purchase);
  const [failure, setFailure] = useState<string | null>(null);

  return (
    <PayPalScriptProvider options={{ clientId, currency: 'USD', intent: 'capture' }}>
      <ScriptState />
      <PayPalButtons
        style={{ layout: 'horizontal', tagline: false, height: 44 }}
        createOrder={async () => {
          setFailure(null);
          // An order this tab left unapproved (a closed popup, a reload) is offered again.
          return (await orderFor({ token: requireSessionToken(), purchase })).orderId;
        }}
        onApprove={async ({ orderID }) => {
          try {
            onPaid(await complete.mutateAsync(orderID));
          } catch (error) {
            setFailure(error instanceof ApiError ? error.message : 'The payment could not be completed.');
          }
        }}
        onCancel={() => setFailure('The payment was cancelled. Nothing was charged.')}
        onError={() => setFailure('PayPal could not complete the payment. Nothing was charged.')}
      />
      {failure && (
        <p role="alert" className="mt-2 text-sm text-red-400">
          {failure}
        </p>
      )}
    </PayPalScriptProvider>
  );
}

/** behaviour.md §4 loader states: initial and pending show a spinner, rejected says so (behaviour.md §8). */
function ScriptState() {
  const [{ isInitial, isPending, isRejected }] = usePayPalScriptReducer();
  if (isRejected) {
    return (
      <p role="alert" className="text-sm text-red-400">
        Failed to load the PayPal JS SDK script.
      </p>
    );
  }
  return isInitial || isPending ? <CheckoutLoading /> : null;
}
