import type { BillingDeps } from './billing-deps';
import { callProvider } from './orders.service';
import * as payments from './payments.repository';
import { settleUnattended } from './settle.service';

/** Orders older than this are not looked for: the provider has expired them if nobody approved them. */
const LOOKBACK_MS = 7 * 24 * 60 * 60_000;
/** Payments looked at in one run; the rest wait for the next (least recently touched first). */
const BATCH = 200;

export interface ReconcileReport {
  /** Payments looked at. */
  examined: number;
  /** Grants this run made: payments captured (at the provider or by us) that nothing had granted. */
  granted: number;
  /** Payments the provider could not be asked about; the next run tries again. */
  failures: { paymentId: string; reason: string }[];
}

/**
 * Repairs what a crash between the provider and the grant leaves behind. A process killed after
 * PayPal (or the sandbox) captured an order, but before the payment was recorded or granted,
 * leaves the money taken and nothing given; so does a viewer whose page closed after approving.
 * For each payment left `created`, `pending` or `captured` for longer than `graceMs` (the viewer's
 * own request usually finishes it within seconds), the order is read back from the provider and,
 * when it was approved or captured, settled through the viewer's own path: captured with the same
 * idempotency key and granted exactly once, whoever gets there first. Orders the buyer never
 * approved are left alone.
 */
export async function reconcilePayments(deps: BillingDeps, input: { graceMs: number }): Promise<ReconcileReport> {
  const candidates = await payments.unsettledPayments(deps.db, {
    provider: deps.provider.name,
    idleMs: input.graceMs,
    lookbackMs: LOOKBACK_MS,
    limit: BATCH,
  });
  const report: ReconcileReport = { examined: candidates.length, granted: 0, failures: [] };
  for (const payment of candidates) {
    try {
      if (payment.status === 'created') {
        // Read first: a capture attempt on an unapproved order would be refused and logged.
        const order = await callProvider(() => deps.provider.getOrder(payment.providerOrderId));
        if (order.kind === 'not-approved') continue;
      }
      const result = await settleUnattended(deps, payment);
      if (result.ok && result.grant) report.granted += 1;
    } catch (error) {
      const reason = error instanceof Error ? ((error as { reason?: string }).reason ?? error.message) : String(error);
      report.failures.push({ paymentId: payment.id, reason });
    }
  }
  return report;
}
