import { RENTAL_VIEWING_HOURS } from '@marquee/contract';
import type { Executor } from '../../db/client';
import { notifyUser } from '../notifications/notifications.service';
import { rentalStartBy, subscriptionPeriod } from './billing-periods';
import * as grants from './grants.repository';
import * as payments from './payments.repository';
import type { PaymentRecord } from './payments.repository';

export interface GrantDeps {
  db: Executor;
  now: () => Date;
}

/** What a successful grant gave, for the caller's message. */
export type Grant =
  | { kind: 'subscription'; period: 'new' | 'renewal' | 'change'; endsAt: Date }
  | { kind: 'rental'; rentalId: string; startBy: Date };

/**
 * Grants what a captured payment bought, exactly once: moving the payment from captured to
 * granted takes its row lock and re-checks the state, in the same transaction as the grant, so of
 * any number of racing requests, processes and webhooks one grants and the others get null.
 */
export async function grantCapturedPayment(deps: GrantDeps, payment: PaymentRecord): Promise<Grant | null> {
  return deps.db.transaction(async (tx) => {
    const moved = await payments.movePayment(tx, { id: payment.id, from: ['captured'], to: 'granted' });
    if (!moved) return null;
    const now = deps.now();
    const grant = moved.purpose === 'subscription' ? await grantSubscription(tx, { payment: moved, now }) : await grantRental(tx, { payment: moved, now });
    await payments.logPaymentEvent(tx, { paymentId: moved.id, type: 'granted', detail: { ...grant } });
    await notifyUser(tx, { userId: moved.userId, ...notification(grant) });
    return grant;
  });
}

/** Ends at once what a payment granted (refund, reversal, chargeback: behaviour.md §5 "chargebacks suspend service"). */
export async function revokePayment(deps: GrantDeps, input: { payment: PaymentRecord; reason: string }): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const moved = await payments.movePayment(tx, { id: input.payment.id, from: ['granted', 'captured', 'pending'], to: 'revoked' });
    if (!moved) return false;
    await grants.revokeGrantsOf(tx, moved.id);
    await payments.logPaymentEvent(tx, { paymentId: moved.id, type: 'revoked', detail: { reason: input.reason } });
    return true;
  });
}

async function grantSubscription(tx: Executor, input: { payment: PaymentRecord; now: Date }): Promise<Grant> {
  const { payment, now } = input;
  const plan = await grants.planById(tx, payment.planId!);
  const live = await grants.liveSubscriptions(tx, { userId: payment.userId, now });
  const period = subscriptionPeriod({ now, live, plan: { id: plan.id, validityDays: plan.validityDays } });
  if (period.ends.length > 0) await grants.endSubscriptions(tx, { ids: period.ends, at: now });
  await grants.insertSubscription(tx, {
    userId: payment.userId,
    planId: plan.id,
    startsAt: period.startsAt,
    endsAt: period.endsAt,
    paymentRef: payment.id,
  });
  return { kind: 'subscription', period: period.kind, endsAt: period.endsAt };
}

async function grantRental(tx: Executor, input: { payment: PaymentRecord; now: Date }): Promise<Grant> {
  const startBy = rentalStartBy(input.now);
  const rental = await grants.insertRental(tx, { userId: input.payment.userId, titleId: input.payment.titleId!, startBy, paymentRef: input.payment.id });
  return { kind: 'rental', rentalId: rental.id, startBy };
}

function notification(grant: Grant): { title: string; description: string } {
  const day = (d: Date) => d.toISOString().slice(0, 10);
  if (grant.kind === 'rental') {
    return { title: 'Rental ready', description: `Start watching by ${day(grant.startBy)}; you then have ${RENTAL_VIEWING_HOURS} hours to finish.` };
  }
  if (grant.period === 'renewal') return { title: 'Subscription renewed', description: `Your subscription now runs until ${day(grant.endsAt)}.` };
  return { title: 'Subscription active', description: `Enjoy watching. Your subscription runs until ${day(grant.endsAt)}.` };
}

/**
 * Access a support agent gives by hand, with no payment behind it: a subscription of `days` days
 * on a plan (after the periods already running, so nothing is lost), or a rental to start within
 * `days` days. The viewer is told.
 */
export async function grantByHand(
  deps: GrantDeps,
  input: { userId: string; days: number } & ({ kind: 'subscription'; planId: string } | { kind: 'rental'; titleId: string }),
): Promise<{ id: string; endsAt: Date }> {
  const now = deps.now();
  const until = (from: Date) => new Date(from.getTime() + input.days * 86_400_000);
  if (input.kind === 'rental') {
    const rental = await grants.insertRental(deps.db, { userId: input.userId, titleId: input.titleId, startBy: until(now) });
    await notifyUser(deps.db, { userId: input.userId, title: 'Rental ready', description: `Start watching by ${rental.startBy.toISOString().slice(0, 10)}; you then have ${RENTAL_VIEWING_HOURS} hours to finish.` });
    return { id: rental.id, endsAt: rental.startBy };
  }
  const live = await grants.liveSubscriptions(deps.db, { userId: input.userId, now });
  const startsAt = live.reduce((latest, period) => (period.endsAt > latest ? period.endsAt : latest), now);
  const period = await grants.insertSubscription(deps.db, { userId: input.userId, planId: input.planId, startsAt, endsAt: until(startsAt) });
  await notifyUser(deps.db, { userId: input.userId, title: 'Subscription added', description: `Enjoy watching. Your subscription now runs until ${period.endsAt.toISOString().slice(0, 10)}.` });
  return { id: period.id, endsAt: period.endsAt };
}
