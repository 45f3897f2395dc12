import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '@marquee/contract';
import { createTestContext, type TestContext } from '../../../test/test-app';
import { fixtures } from '../../../test/fixtures';
import { bearer, signIn } from '../../../test/sign-in';
import { billingClient, paymentLog, paymentOf, subscriptionsOf } from './billing.test-support';
import { paymentProviderFromConfig } from './provider-from-config';

let ctx: TestContext;
let pay: ReturnType<typeof billingClient>;
let monthly: { id: string };
let yearly: { id: string };
let viewer: Session;
let other: Session;

beforeAll(async () => {
  ctx = await createTestContext();
  pay = billingClient(ctx);
  const make = fixtures(ctx.db);
  monthly = await make.plan({ title: 'Monthly', priceCents: 999, validityDays: 30 });
  yearly = await make.plan({ title: 'Yearly', priceCents: 8999, validityDays: 365 });
  viewer = await signIn(ctx, { email: 'buyer@example.com' });
  other = await signIn(ctx, { email: 'other@example.com' });
});
afterAll(() => ctx.close());

describe('sandbox purchase: created → approved → captured → granted', () => {
  it('prices the order from the plan, grants once captured, notifies and logs every step', async () => {
    const res = await pay.order(viewer, { purpose: 'subscription', subscriptionId: monthly.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ provider: 'sandbox', price: 9.99, currency: 'USD' });
    const { orderId } = res.json();

    expect((await pay.approve(viewer, orderId)).json()).toEqual({ orderId, status: 'APPROVED' });
    const bought = await pay.buy(viewer, { subscriptionId: monthly.id, orderId });
    expect(bought.statusCode).toBe(200);
    expect(bought.json()).toMatchObject({ message: 'Subscription activated', subscriptionValid: true, plan: 'Monthly' });
    expect(await pay.status(viewer)).toMatchObject({ subscriptionValid: true, plan: 'Monthly' });

    const payment = await paymentOf(ctx, orderId);
    expect(payment).toMatchObject({ status: 'granted', amountCents: 999, currency: 'USD' });
    expect((await paymentLog(ctx.db, payment.id)).map((e) => e.type)).toEqual(['order_created', 'approved', 'captured', 'granted']);
    const notes = (await ctx.app.inject({ url: '/user/notification', headers: bearer(viewer) })).json();
    expect(notes.map((n: { title: string }) => n.title)).toContain('Subscription active');
  });

  it('replaying the same buy grants nothing more', async () => {
    const fresh = await signIn(ctx, { email: 'replay@example.com' });
    const orderId = await pay.orderId(fresh, { purpose: 'subscription', subscriptionId: monthly.id });
    await pay.approve(fresh, orderId);
    expect((await pay.buy(fresh, { subscriptionId: monthly.id, orderId })).statusCode).toBe(200);
    const again = await pay.buy(fresh, { subscriptionId: monthly.id, orderId });
    expect(again.statusCode).toBe(200);
    expect(again.json().message).toBe('This payment has already been applied');
    const renewAgain = await pay.buy(fresh, { subscriptionId: monthly.id, orderId }, '/user/update-subscription');
    expect(renewAgain.json().message).toBe('This payment has already been applied');
    expect(await subscriptionsOf(ctx, fresh)).toHaveLength(1);
  });

  it('two buy requests for one order at once grant exactly once', async () => {
    const fresh = await signIn(ctx, { email: 'double-click@example.com' });
    const orderId = await pay.orderId(fresh, { purpose: 'subscription', subscriptionId: yearly.id });
    await pay.approve(fresh, orderId);
    const results = await Promise.all([
      pay.buy(fresh, { subscriptionId: yearly.id, orderId }),
      pay.buy(fresh, { subscriptionId: yearly.id, orderId }, '/user/update-subscription'),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(results.map((r) => r.json().message).sort()).toEqual(['Subscription activated', 'This payment has already been applied']);
    expect(await subscriptionsOf(ctx, fresh)).toHaveLength(1);
  });
});

describe('nothing is granted without a captured, matching payment of your own', () => {
  it('a buy before approval is 402 and grants nothing', async () => {
    const fresh = await signIn(ctx, { email: 'early@example.com' });
    const orderId = await pay.orderId(fresh, { purpose: 'subscription', subscriptionId: monthly.id });
    const res = await pay.buy(fresh, { subscriptionId: monthly.id, orderId });
    expect(res.statusCode).toBe(402);
    expect(res.json().message).toMatch(/not been approved/);
    expect(await subscriptionsOf(ctx, fresh)).toHaveLength(0);
  });

  it('the declining card is 402, grants nothing, and the order cannot be approved again', async () => {
    const fresh = await signIn(ctx, { email: 'declined@example.com' });
    const orderId = await pay.orderId(fresh, { purpose: 'subscription', subscriptionId: monthly.id });
    await pay.approve(fresh, orderId, 'decline');
    const res = await pay.buy(fresh, { subscriptionId: monthly.id, orderId });
    expect(res.statusCode).toBe(402);
    expect(res.json().message).toMatch(/declined/);
    expect((await pay.approve(fresh, orderId)).statusCode).toBe(409);
    expect((await pay.buy(fresh, { subscriptionId: monthly.id, orderId })).statusCode).toBe(402);
    expect(await subscriptionsOf(ctx, fresh)).toHaveLength(0);
    expect((await paymentOf(ctx, orderId)).status).toBe('declined');
  });

  it('a forged order id is 404', async () => {
    const fresh = await signIn(ctx, { email: 'forger@example.com' });
    const res = await pay.buy(fresh, { subscriptionId: monthly.id, orderId: 'SBX0000000000000000' });
    expect(res.statusCode).toBe(404);
    expect(await subscriptionsOf(ctx, fresh)).toHaveLength(0);
  });

  it("another viewer's order can be neither approved nor captured", async () => {
    const orderId = await pay.orderId(viewer, { purpose: 'subscription', subscriptionId: yearly.id });
    expect((await pay.approve(other, orderId)).statusCode).toBe(404);
    await pay.approve(viewer, orderId);
    const res = await pay.buy(other, { subscriptionId: yearly.id, orderId });
    expect(res.statusCode).toBe(404);
    expect(await subscriptionsOf(ctx, other)).toHaveLength(0);
    expect((await paymentOf(ctx, orderId)).status).toBe('created');
  });

  it('an order paid for one plan cannot buy another (409)', async () => {
    const fresh = await signIn(ctx, { email: 'swap@example.com' });
    const orderId = await pay.orderId(fresh, { purpose: 'subscription', subscriptionId: monthly.id });
    await pay.approve(fresh, orderId);
    const res = await pay.buy(fresh, { subscriptionId: yearly.id, orderId });
    expect(res.statusCode).toBe(409);
    expect(await subscriptionsOf(ctx, fresh)).toHaveLength(0);
  });

  it('bad input is a 400 with the field named, and an unknown plan is 404', async () => {
    const bad = await pay.buy(viewer, { subscriptionId: 'not-a-uuid', orderId: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/subscriptionId/);
    const unknown = await pay.order(viewer, { purpose: 'subscription', subscriptionId: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.statusCode).toBe(404);
    const noAuth = await ctx.app.inject({ method: 'POST', url: '/payments/orders', payload: { purpose: 'subscription', subscriptionId: monthly.id } });
    expect(noAuth.statusCode).toBe(401);
  });

  it('the sandbox sends no webhooks: a posted one is refused', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/payments/paypal/webhook', payload: { id: 'WH-1', event_type: 'PAYMENT.CAPTURE.COMPLETED' } });
    expect(res.statusCode).toBe(400);
  });

  it('tells the page which provider to show', async () => {
    expect((await ctx.app.inject('/payments/config')).json()).toEqual({ provider: 'sandbox', clientId: null, currency: 'USD' });
  });
});

describe('sandbox refunds (PaymentProvider.refund)', () => {
  it('refunds a completed capture once; the order then reads as voided', async () => {
    const buyer = await signIn(ctx, { email: 'refund@example.com' });
    const orderId = await pay.orderId(buyer, { purpose: 'subscription', subscriptionId: monthly.id });
    await pay.approve(buyer, orderId);
    await pay.buy(buyer, { subscriptionId: monthly.id, orderId });
    const { captureId } = await paymentOf(ctx, orderId);
    const provider = paymentProviderFromConfig(ctx.config.payments, ctx.db);

    expect(await provider.refund({ captureId: captureId!, requestId: 'r1' })).toMatchObject({ kind: 'refunded', status: 'COMPLETED' });
    expect(await provider.getOrder(orderId)).toMatchObject({ kind: 'voided', captureId });
    expect(await provider.refund({ captureId: captureId!, requestId: 'r2' })).toEqual({ kind: 'refused', reason: 'CAPTURE_FULLY_REFUNDED' });
    expect(await provider.refund({ captureId: 'CAPNOSUCH', requestId: 'r3' })).toEqual({ kind: 'refused', reason: 'RESOURCE_NOT_FOUND' });
  });
});
