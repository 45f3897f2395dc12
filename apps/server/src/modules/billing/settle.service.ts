import { crashPoint } from '../../lib/crash-points';
import { ConflictError, NotFoundError } from '../../lib/domain-errors';
import type { BillingDeps } from './billing-deps';
import { PaymentRequiredError } from './billing-errors';
import { grantCapturedPayment, type Grant } from './grants.service';
import { callProvider } from './orders.service';
import type { CaptureOutcome } from './payment-provider';
import * as payments from './payments.repository';
import type { PaymentRecord } from './payments.repository';

/** What the caller expects the order to have bought; anything else is refused. */
export type Expected = { purpose: 'subscription'; planId: string } | { purpose: 'rental'; titleId: string };

export interface Settled {
  payment: PaymentRecord;
  /** What this call granted; null when the order had already been granted (a replay). */
  grant: Grant | null;
}

/**
 * Captures the viewer's own order and grants what it bought, or says why not: 402 while there is
 * no completed capture, 409 when the order is for something else or the capture does not match
 * our price. Replays (double click, retry) grant nothing more.
 */
export async function captureAndGrant(deps: BillingDeps, input: { userId: string; orderId: string; expected: Expected }): Promise<Settled> {
  const payment = await payments.findPaymentByOrder(deps.db, { provider: deps.provider.name, orderId: input.orderId });
  // Someone else's order reads as missing: its existence is not the viewer's business.
  if (!payment || payment.userId !== input.userId) throw new NotFoundError('Order');
  if (!matches(payment, input.expected)) throw new ConflictError('This order was made for something else. Start a new payment.');
  const result = await settle(deps, payment);
  if (result.ok) return { payment: result.payment, grant: result.grant };
  throw result.error;
}

/** A webhook said the capture completed: grant if not yet granted (the order is re-read from the provider). */
export async function settleFromWebhook(deps: BillingDeps, orderId: string): Promise<void> {
  const payment = await payments.findPaymentByOrder(deps.db, { provider: deps.provider.name, orderId });
  if (payment) await settle(deps, payment);
}

/**
 * Settles a payment nobody is waiting for (the reconciliation job): the viewer's own path, so
 * between them, webhooks and other processes it is captured with the same idempotency key and
 * granted at most once.
 */
export async function settleUnattended(deps: BillingDeps, payment: PaymentRecord): Promise<Result> {
  return settle(deps, payment);
}

export type Result = { ok: true; payment: PaymentRecord; grant: Grant | null } | { ok: false; error: Error };

async function settle(deps: BillingDeps, payment: PaymentRecord): Promise<Result> {
  switch (payment.status) {
    case 'granted':
      return { ok: true, payment, grant: null };
    case 'revoked':
      return { ok: false, error: new ConflictError('This payment was refunded or disputed, so it grants nothing.') };
    case 'declined':
      return { ok: false, error: new PaymentRequiredError('The card was declined. Start a new payment to try again.') };
    case 'failed':
      return { ok: false, error: new ConflictError('The amount paid does not match the price. Nothing was granted; contact support.') };
    case 'captured':
      return grant(deps, payment);
    case 'created':
    case 'pending': {
      // The idempotency key comes from our payment row, so a retried or racing capture gets PayPal's
      // first answer. A refusal before approval is replayed too, so each logged refusal moves the key on.
      const refusals = payment.status === 'created' ? await payments.countPaymentEvents(deps.db, { paymentId: payment.id, type: 'capture_not_approved' }) : 0;
      const outcome = await callProvider(() =>
        payment.status === 'created'
          ? deps.provider.captureOrder({ orderId: payment.providerOrderId, requestId: `capture-${payment.id}-${refusals}` })
          : deps.provider.getOrder(payment.providerOrderId),
      );
      if (outcome.kind === 'completed') crashPoint('payment-captured');
      return apply(deps, { payment, outcome });
    }
  }
}

async function apply(deps: BillingDeps, input: { payment: PaymentRecord; outcome: CaptureOutcome }): Promise<Result> {
  const { payment, outcome } = input;
  const from: PaymentRecord['status'][] = ['created', 'pending'];
  switch (outcome.kind) {
    case 'not-approved':
      if (payment.status === 'created') await payments.logPaymentEvent(deps.db, { paymentId: payment.id, type: 'capture_not_approved' });
      return { ok: false, error: new PaymentRequiredError('The payment has not been approved yet. Approve it, then try again.') };
    // Only a re-read answers this, and only for an order with no capture: nothing was charged yet.
    case 'approved':
      return { ok: false, error: new PaymentRequiredError('The payment is approved but not captured yet. Try again.') };
    case 'declined':
    case 'voided':
      await record(deps, { payment, from, to: 'declined', captureId: outcome.captureId, type: 'capture_declined', detail: { reason: outcome.reason } });
      return { ok: false, error: new PaymentRequiredError('The card was declined. Start a new payment to try again.') };
    case 'pending':
      await record(deps, { payment, from: ['created'], to: 'pending', captureId: outcome.captureId, type: 'capture_pending', detail: { reason: outcome.reason } });
      return {
        ok: false,
        error: new PaymentRequiredError('The payment is still pending with the provider. Access starts as soon as it completes.'),
      };
    case 'completed': {
      const { amountCents, currency } = outcome.money;
      if (amountCents !== payment.amountCents || currency !== payment.currency) {
        await record(deps, {
          payment,
          from,
          to: 'failed',
          captureId: outcome.captureId,
          type: 'capture_mismatch',
          detail: { captured: outcome.money, expected: { amountCents: payment.amountCents, currency: payment.currency } },
        });
        return { ok: false, error: new ConflictError('The amount paid does not match the price. Nothing was granted; contact support.') };
      }
      const captured = await record(deps, { payment, from, to: 'captured', captureId: outcome.captureId, type: 'captured', detail: { ...outcome.money } });
      crashPoint('payment-recorded');
      return grant(deps, captured ?? payment);
    }
  }
}

async function grant(deps: BillingDeps, payment: PaymentRecord): Promise<Result> {
  const granted = await grantCapturedPayment(deps, payment);
  const latest = (await payments.findPaymentByOrder(deps.db, { provider: payment.provider, orderId: payment.providerOrderId }))!;
  if (!granted && latest.status !== 'granted') return settle(deps, latest);
  return { ok: true, payment: latest, grant: granted };
}

/** Moves the payment and logs why, together; a racing request that already moved it logs nothing. */
async function record(
  deps: BillingDeps,
  input: {
    payment: PaymentRecord;
    from: PaymentRecord['status'][];
    to: PaymentRecord['status'];
    captureId: string | null;
    type: string;
    detail: Record<string, unknown>;
  },
): Promise<PaymentRecord | null> {
  return deps.db.transaction(async (tx) => {
    const moved = await payments.movePayment(tx, { id: input.payment.id, from: input.from, to: input.to, captureId: input.captureId });
    if (moved) await payments.logPaymentEvent(tx, { paymentId: moved.id, type: input.type, detail: { captureId: input.captureId, ...input.detail } });
    return moved;
  });
}

function matches(payment: PaymentRecord, expected: Expected): boolean {
  if (payment.purpose !== expected.purpose) return false;
  return expected.purpose === 'subscription' ? payment.planId === expected.planId : payment.titleId === expected.titleId;
}
