import { randomUUID } from 'node:crypto';
import type { CreateOrderRequest, PaymentOrder } from '@marquee/contract';
import { ConflictError, NotFoundError } from '../../lib/domain-errors';
import { requireEnabledTitle } from '../catalog/titles.service';
import { subscriptionStatus } from '../playback/entitlement.service';
import type { BillingDeps } from './billing-deps';
import { PaymentProviderError } from './billing-errors';
import * as grants from './grants.repository';
import { ProviderUnavailableError } from './payment-provider';
import { PayPalApiError } from './paypal-client';
import * as payments from './payments.repository';
import { isSandbox } from './sandbox-provider';
import { dollarsOf } from '../../lib/money';

export const CURRENCY = 'USD';

/** Creates a provider order at the price in our database (never the client's) and records it. */
export async function createOrder(deps: BillingDeps, input: { userId: string; request: CreateOrderRequest }): Promise<PaymentOrder> {
  const target = await priceOf(deps, input);
  const paymentId = randomUUID();
  const money = { amountCents: target.amountCents, currency: CURRENCY };
  const { orderId } = await callProvider(() => deps.provider.createOrder({ money, description: target.description, referenceId: paymentId }));
  await deps.db.transaction(async (tx) => {
    await payments.insertPayment(tx, {
      id: paymentId,
      userId: input.userId,
      provider: deps.provider.name,
      providerOrderId: orderId,
      purpose: target.purpose,
      planId: target.planId,
      titleId: target.titleId,
      ...money,
    });
    await payments.logPaymentEvent(tx, { paymentId, type: 'order_created', detail: { orderId, ...money } });
  });
  return { orderId, provider: deps.provider.name, price: dollarsOf(money.amountCents), currency: CURRENCY };
}

/** The sandbox wallet's approval: only in sandbox mode, only by the order's owner, only before capture. */
export async function approveSandboxOrder(
  deps: BillingDeps,
  input: { userId: string; orderId: string; outcome: 'approve' | 'decline' },
): Promise<{ orderId: string; status: 'CREATED' | 'APPROVED' | 'COMPLETED' | 'DECLINED' | 'REFUNDED' }> {
  const provider = deps.provider;
  if (!isSandbox(provider)) throw new NotFoundError('Sandbox order');
  const payment = await payments.findPaymentByOrder(deps.db, { provider: 'sandbox', orderId: input.orderId });
  if (!payment || payment.userId !== input.userId) throw new NotFoundError('Order');
  const status = await provider.approve({ orderId: input.orderId, outcome: input.outcome });
  if (status !== 'APPROVED') throw new ConflictError('This order has already been paid or declined');
  await payments.logPaymentEvent(deps.db, { paymentId: payment.id, type: 'approved', detail: { outcome: input.outcome } });
  return { orderId: input.orderId, status };
}

export async function callProvider<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof ProviderUnavailableError || error instanceof PayPalApiError) throw new PaymentProviderError(error.message);
    throw error;
  }
}

type Target = {
  purpose: 'subscription' | 'rental';
  planId: string | null;
  titleId: string | null;
  amountCents: number;
  description: string;
};

async function priceOf(deps: BillingDeps, input: { userId: string; request: CreateOrderRequest }): Promise<Target> {
  const request = input.request;
  if (request.purpose === 'subscription') {
    const plan = await grants.enabledPlan(deps.db, request.subscriptionId);
    if (!plan) throw new NotFoundError('Subscription plan');
    return { purpose: 'subscription', planId: plan.id, titleId: null, amountCents: plan.priceCents, description: `Marquee ${plan.title}` };
  }
  const kind = request.type === 'Movie' ? 'movie' : 'series';
  const titleId = request.type === 'Movie' ? request.movieId : request.seriesId;
  const title = await requireEnabledTitle(deps.db, { id: titleId }).catch(() => null);
  if (!title || title.kind !== kind) throw new NotFoundError(request.type);
  if (title.isFree) throw new ConflictError(`${title.name} is free to watch`);
  if (title.rentPriceCents === null) throw new ConflictError(`${title.name} is not for rent`);
  // Every paid title is included in every plan: a subscriber renting one would pay for nothing.
  if ((await subscriptionStatus(deps.db, input.userId)).subscriptionValid) throw new ConflictError(`${title.name} is included in your subscription`);
  const live = await grants.watchableRentals(deps.db, { userId: input.userId, now: deps.now(), titleId: title.id });
  if (live.length > 0) throw new ConflictError(`You already have ${title.name} rented`);
  return { purpose: 'rental', planId: null, titleId: title.id, amountCents: title.rentPriceCents, description: `Rental: ${title.name}` };
}
