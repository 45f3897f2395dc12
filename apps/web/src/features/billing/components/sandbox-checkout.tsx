import { CreditCard, Wallet } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { ApiError } from '@/lib/api-client';
import { purchasePrice, type Purchase } from '../api/pay';
import { usePayWithSandbox, type SandboxStep } from '../api/pay-with-sandbox';
import { formatUsd } from '@/lib/money';
import type { CheckoutProps } from './checkout-parts';

const CARDS = [
  { outcome: 'approve', label: 'Visa •••• 4242', note: 'Approves the payment' },
  { outcome: 'decline', label: 'Visa •••• 0002', note: 'Is declined by the bank' },
] as const;

const STEP_TEXT: Record<SandboxStep, string> = {
  creating: 'Creating the order…',
  approving: 'Waiting for the wallet to approve…',
  capturing: 'Capturing the payment…',
};

/**
 * The built-in sandbox provider: a wallet dialog with an approving and a declining card. It walks
 * the same server states as a real provider (created → approved → captured → granted); no money moves.
 */
export function SandboxCheckout({ purchase, onPaid }: CheckoutProps) {
  const [open, setOpen] = useState(false);
  const pay = usePayWithSandbox(purchase);
  const price = formatUsd(purchasePrice(purchase));

  return (
    <>
      {/* One line at every width: the plan cards are narrowest (about 250 px) at 1024 px. */}
      <Button className="w-full whitespace-nowrap" onClick={() => setOpen(true)}>
        <Wallet aria-hidden="true" className="size-5 shrink-0" />
        <span className="text-sm">Pay with sandbox wallet</span>
      </Button>
      <Dialog
        open={open}
        onOpenChange={(next) => {
          if (pay.isPending) return;
          setOpen(next);
          if (!next) pay.reset();
        }}
        title="Sandbox wallet"
        description={`Pay ${price} USD for ${describe(purchase)}. This is a test wallet: no money moves.`}
      >
        <div className="space-y-3">
          {CARDS.map((card) => (
            <button
              key={card.outcome}
              type="button"
              disabled={pay.isPending}
              onClick={() =>
                pay.mutate(card.outcome, {
                  onSuccess: (result) => {
                    setOpen(false);
                    onPaid(result);
                  },
                })
              }
              className="flex w-full items-center gap-3 rounded-lg bg-white/5 p-4 text-left ring-1 ring-white/10 transition hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-amber-400 disabled:opacity-50"
            >
              <CreditCard aria-hidden="true" className="size-6 shrink-0 text-amber-400" />
              <span>
                <span className="block font-semibold text-white">
                  Pay {price} with <span className="whitespace-nowrap">{card.label}</span>
                </span>
                <span className="block text-sm text-zinc-400">{card.note}</span>
              </span>
            </button>
          ))}
          <p aria-live="polite" className="min-h-5 text-sm text-zinc-400">
            {pay.isPending && pay.step ? STEP_TEXT[pay.step] : ''}
          </p>
          {pay.isError && (
            <p role="alert" className="text-sm text-red-400">
              {pay.error instanceof ApiError ? pay.error.message : 'The payment could not be completed.'} Nothing was charged.
            </p>
          )}
        </div>
      </Dialog>
    </>
  );
}

function describe(purchase: Purchase): string {
  return purchase.kind === 'subscription' ? `the ${purchase.plan.title} plan` : `renting ${purchase.title.name}`;
}
