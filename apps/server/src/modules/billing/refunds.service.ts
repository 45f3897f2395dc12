import type { PaymentsConfig } from '../../config';
import type { Executor } from '../../db/client';
import { ConflictError, NotFoundError } from '../../lib/domain-errors';
import type { BillingDeps } from './billing-deps';

export type { BillingDeps } from './billing-deps';
import { revokePayment } from './grants.service';
import { callProvider } from './orders.service';
import type { RefundOutcome } from './payment-provider';
import * as payments from './payments.repository';
import { paymentProviderFromConfig } from './provider-from-config';

/** The billing services' dependencies for a configured provider (the console's refunds use them). */
export function billingDeps(config: PaymentsConfig, db: Executor, now: () => Date = () => new Date()): BillingDeps {
  return { db, provider: paymentProviderFromConfig(config, db), now };
}

/**
 * Refunds a captured payment in full through its provider, then ends what it paid for at once,
 * exactly as a refund webhook does. Only a captured (or granted) payment can be refunded; the
 * provider's refusal (refunded before, capture still pending) comes back as a 409 with its reason.
 * A retried refund carries the same request id, so PayPal answers it once. A capture the provider
 * says is refunded already (in its dashboard, or by a try that died before it was recorded here)
 * has its money back with the viewer: the access ends here too.
 */
export async function refundPayment(
  deps: BillingDeps,
  input: { paymentId: string; afterRevoke: (tx: Executor, refund: Refund) => Promise<void> },
): Promise<void> {
  const payment = await payments.findPayment(deps.db, input.paymentId);
  if (!payment) throw new NotFoundError('Payment');
  if (payment.status !== 'granted' && payment.status !== 'captured') {
    throw new ConflictError(`A ${payment.status} payment cannot be refunded: only a captured payment can`);
  }
  if (!payment.captureId) throw new ConflictError('This payment has no capture to refund');
  const captureId = payment.captureId;
  const outcome = await callProvider(() => deps.provider.refund({ captureId, requestId: `refund-${payment.id}` }));
  const refund = refundOf(outcome);
  if (!refund) {
    throw new ConflictError(`${payment.provider === 'paypal' ? 'PayPal' : 'The sandbox'} refused the refund: ${outcome.kind === 'refused' ? outcome.reason : ''}`);
  }
  await deps.db.transaction(async (tx) => {
    await revokePayment({ db: tx, now: deps.now }, { payment, reason: 'refund' });
    await payments.logPaymentEvent(tx, { paymentId: payment.id, type: 'refunded', detail: refund });
    await input.afterRevoke(tx, refund);
  });
}

type Refund = {
  /** The provider's refund id; null when it was refunded before and the provider names no refund. */
  refundId: string | null;
  status: string;
};

function refundOf(outcome: RefundOutcome): Refund | null {
  if (outcome.kind === 'refunded') return { refundId: outcome.refundId, status: outcome.status };
  return outcome.reason === 'CAPTURE_FULLY_REFUNDED' ? { refundId: null, status: 'REFUNDED_BEFORE' } : null;
}

/** A payment and its history, oldest event first. */
export async function paymentHistory(db: Executor, id: string) {
  const payment = await payments.findPayment(db, id);
  if (!payment) throw new NotFoundError('Payment');
  return { payment, events: await payments.eventsOfPayment(db, id) };
}
