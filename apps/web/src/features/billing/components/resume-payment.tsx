import { useEffect, useRef } from 'react';
import { ApiError } from '@/lib/api-client';
import { pendingOrderOf, useCompletePurchase } from '../api/pay';
import { isFinalRefusal } from '../api/pending-order';
import type { CheckoutProps } from './checkout-parts';

/**
 * A purchase this tab left unfinished (the page reloaded or the network failed after the order
 * was made): its order is captured again once, before any new one is offered. The server grants
 * it at most once; an order the buyer has not approved yet stays for the payment buttons to reuse.
 */
export function useResumePayment({ purchase, onPaid }: CheckoutProps): { resuming: boolean; failure: string | null } {
  const complete = useCompletePurchase(purchase);
  const tried = useRef(false);
  useEffect(() => {
    if (tried.current) return;
    tried.current = true;
    const orderId = pendingOrderOf(purchase);
    if (orderId) complete.mutate(orderId, { onSuccess: onPaid });
  }, [complete, purchase, onPaid]);

  const error = complete.error;
  const unanswered = complete.isError && !isFinalRefusal(error) && !(error instanceof ApiError && error.status === 402);
  return {
    resuming: complete.isPending,
    failure: unanswered ? `Your earlier payment could not be confirmed yet${error instanceof ApiError ? `: ${error.message}` : ''}. Paying again completes that same order; you will not be charged twice.` : null,
  };
}

export function ResumeState({ resuming, failure }: { resuming: boolean; failure: string | null }) {
  if (resuming) {
    return (
      <p role="status" className="text-sm text-zinc-400">
        Finishing your earlier payment…
      </p>
    );
  }
  return failure ? (
    <p role="alert" className="mb-2 text-sm text-amber-300">
      {failure}
    </p>
  ) : null;
}
