import type { Purchase, PurchaseResult } from '../api/pay';

// What every provider's checkout shares (checkout.tsx picks the provider).

export interface CheckoutProps {
  purchase: Purchase;
  /** Called once the server has captured the payment and granted access, with its answer. */
  onPaid: (result: PurchaseResult) => void;
}

export function CheckoutLoading() {
  return (
    <div role="status" className="flex h-11 items-center justify-center">
      <span aria-hidden="true" className="size-5 animate-spin rounded-full border-2 border-zinc-700 border-t-amber-400" />
      <span className="sr-only">Loading payment options</span>
    </div>
  );
}
