import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '@marquee/contract';
import { payments } from '../../db/schema';
import { createTestContext, type TestContext } from '../../../test/test-app';
import { fixtures } from '../../../test/fixtures';
import { startPayPalFake, type PayPalFake } from '../../../test/paypal-fake';
import { signIn } from '../../../test/sign-in';
import { billingClient, paypalEnv, paymentLog, paymentOf, subscriptionsOf } from './billing.test-support';
import { paymentProviderFromConfig } from './provider-from-config';

let fake: PayPalFake;
let ctx: TestContext;
let pay: ReturnType<typeof billingClient>;
let plan: { id: string };
let people = 0;

beforeAll(async () => {
  fake = await startPayPalFake();
  ctx = await createTestContext({
    ...paypalEnv(fake),
    // Every test signs a new viewer in from the same address.
    LOGIN_LIMIT_PER_IP: '1000',
  });
  pay = billingClient(ctx);
  plan = await fixtures(ctx.db).plan({ title: 'Monthly', priceCents: 1299, validityDays: 30 });
});
afterAll(async () => {
  await ctx.close();
  await fake.close();
});

async function approvedOrder(): Promise<{ viewer: Session; orderId: string }> {
  people += 1;
  const viewer = await signIn(ctx, { email: `paypal-${people}@example.com` });
  const orderId = await pay.orderId(viewer, { purpose: 'subscription', subscriptionId: plan.id });
  fake.approve(orderId);
  return { viewer, orderId };
}

describe('PayPal Orders v2: created → approved → captured → granted', () => {
  it('creates a CAPTURE order in USD at the price in our database, captures once approved, then grants', async () => {
    people += 1;
    const viewer = await signIn(ctx, { email: `paypal-${people}@example.com` });
    const res = await pay.order(viewer, { purpose: 'subscription', subscriptionId: plan.id });
    expect(res.json()).toMatchObject({ provider: 'paypal', price: 12.99, currency: 'USD' });
    const { orderId } = res.json();
    const order = fake.orders.get(orderId)!;
    expect(order).toMatchObject({ intent: 'CAPTURE', status: 'CREATED' });
    expect(order.purchase_units[0]!.amount).toEqual({ currency_code: 'USD', value: '12.99' });

    const early = await pay.buy(viewer, { subscriptionId: plan.id, orderId });
    expect(early.statusCode).toBe(402);
    expect(early.json().message).toMatch(/not been approved/);

    fake.approve(orderId);
    const bought = await pay.buy(viewer, { subscriptionId: plan.id, orderId });
    expect(bought.statusCode).toBe(200);
    expect(bought.json()).toMatchObject({ subscriptionValid: true, plan: 'Monthly' });
    const payment = await paymentOf(ctx, orderId);
    expect(payment.status).toBe('granted');
    expect(payment.captureId).toBe(order.purchase_units[0]!.payments!.captures[0]!.id);
    expect((await paymentLog(ctx.db, payment.id)).map((e) => e.type)).toEqual(['order_created', 'capture_not_approved', 'captured', 'granted']);
  });

  it('a double capture grants once and PayPal holds one capture', async () => {
    const { viewer, orderId } = await approvedOrder();
    const results = await Promise.all([pay.buy(viewer, { subscriptionId: plan.id, orderId }), pay.buy(viewer, { subscriptionId: plan.id, orderId })]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(await subscriptionsOf(ctx, viewer)).toHaveLength(1);
    expect(fake.orders.get(orderId)!.purchase_units[0]!.payments!.captures).toHaveLength(1);
  });

  it('reuses one OAuth token for every call', () => {
    expect(fake.tokenRequests).toBe(1);
  });

  it('the sandbox wallet does not exist in PayPal mode', async () => {
    const { viewer, orderId } = await approvedOrder();
    expect((await pay.approve(viewer, orderId)).statusCode).toBe(404);
  });
});

describe('PayPal captures that grant nothing', () => {
  it('INSTRUMENT_DECLINED: 402, nothing granted', async () => {
    const { viewer, orderId } = await approvedOrder();
    fake.scriptNextCapture({ kind: 'INSTRUMENT_DECLINED' });
    const res = await pay.buy(viewer, { subscriptionId: plan.id, orderId });
    expect(res.statusCode).toBe(402);
    expect(res.json().message).toMatch(/declined/);
    expect(await subscriptionsOf(ctx, viewer)).toHaveLength(0);
    expect((await paymentOf(ctx, orderId)).status).toBe('declined');
  });

  it('a COMPLETED order with a DECLINED capture: 402, nothing granted', async () => {
    const { viewer, orderId } = await approvedOrder();
    fake.scriptNextCapture({ kind: 'capture', status: 'DECLINED' });
    expect((await pay.buy(viewer, { subscriptionId: plan.id, orderId })).statusCode).toBe(402);
    expect(await subscriptionsOf(ctx, viewer)).toHaveLength(0);
  });

  it.each([
    ['amount', { value: '0.01' }],
    ['currency', { currency: 'EUR' }],
  ])('a captured %s that differs from ours: 409, nothing granted, logged', async (_what, script) => {
    const { viewer, orderId } = await approvedOrder();
    fake.scriptNextCapture({ kind: 'capture', ...script });
    const res = await pay.buy(viewer, { subscriptionId: plan.id, orderId });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/does not match/);
    expect(await subscriptionsOf(ctx, viewer)).toHaveLength(0);
    const payment = await paymentOf(ctx, orderId);
    expect(payment.status).toBe('failed');
    expect((await paymentLog(ctx.db, payment.id)).map((e) => e.type)).toContain('capture_mismatch');
    expect((await pay.buy(viewer, { subscriptionId: plan.id, orderId })).statusCode).toBe(409);
  });

  it("another viewer's order: 404, and PayPal is never asked to capture it", async () => {
    const { orderId } = await approvedOrder();
    const thief = await signIn(ctx, { email: 'thief@example.com' });
    expect((await pay.buy(thief, { subscriptionId: plan.id, orderId })).statusCode).toBe(404);
    expect(fake.orders.get(orderId)!.status).toBe('APPROVED');
  });
});

describe('refunds through PaymentProvider.refund (Payments v2 captures/{id}/refund)', () => {
  async function grantedCapture(script?: { status: 'PENDING' }) {
    const { viewer, orderId } = await approvedOrder();
    if (script) fake.scriptNextCapture({ kind: 'capture', ...script });
    await pay.buy(viewer, { subscriptionId: plan.id, orderId });
    return { orderId, captureId: (await paymentOf(ctx, orderId)).captureId! };
  }
  const provider = () => paymentProviderFromConfig(ctx.config.payments, ctx.db);

  it('refunds the whole capture; the order then reads as voided; a retry with the request id returns the same refund', async () => {
    const { orderId, captureId } = await grantedCapture();
    const refund = await provider().refund({ captureId, requestId: `refund-${captureId}` });
    expect(refund).toMatchObject({ kind: 'refunded', status: 'COMPLETED' });
    expect(fake.orders.get(orderId)!.purchase_units[0]!.payments!.captures[0]!.status).toBe('REFUNDED');
    expect(await provider().getOrder(orderId)).toMatchObject({ kind: 'voided', captureId });
    expect(await provider().refund({ captureId, requestId: `refund-${captureId}` })).toEqual(refund);
  });

  it('refuses with PayPal\'s reason: refunded already, a capture still pending, no such capture', async () => {
    const { captureId } = await grantedCapture();
    await provider().refund({ captureId, requestId: `first-${captureId}` });
    expect(await provider().refund({ captureId, requestId: `second-${captureId}` })).toEqual({ kind: 'refused', reason: 'CAPTURE_FULLY_REFUNDED' });
    const pending = await grantedCapture({ status: 'PENDING' });
    expect(await provider().refund({ captureId: pending.captureId, requestId: 'pending' })).toEqual({ kind: 'refused', reason: 'PENDING_CAPTURE' });
    expect(await provider().refund({ captureId: 'NOSUCHCAPTURE1', requestId: 'missing' })).toMatchObject({ kind: 'refused' });
  });
});

describe('when PayPal cannot be reached', () => {
  it('answers 502 with a message and records nothing', async () => {
    const down = await startPayPalFake();
    await down.close();
    const offline = await createTestContext(paypalEnv(down));
    try {
      const monthly = await fixtures(offline.db).plan({ title: 'Monthly', priceCents: 999, validityDays: 30 });
      const viewer = await signIn(offline, { email: 'offline@example.com' });
      const res = await billingClient(offline).order(viewer, { purpose: 'subscription', subscriptionId: monthly.id });
      expect(res.statusCode).toBe(502);
      expect(res.json().message).toMatch(/payment service/);
      expect(await offline.db.select().from(payments)).toHaveLength(0);
    } finally {
      await offline.close();
    }
  });
});

describe('an access token PayPal stops accepting', () => {
  it('is replaced after its 401 and the call tried once more: order, then capture', async () => {
    const before = fake.tokenRequests;
    fake.revokeTokens();
    const { viewer, orderId } = await approvedOrder();
    expect(fake.tokenRequests).toBe(before + 1);

    fake.revokeTokens();
    const bought = await pay.buy(viewer, { subscriptionId: plan.id, orderId });
    expect(bought.statusCode).toBe(200);
    expect(bought.json()).toMatchObject({ subscriptionValid: true });
    expect(fake.tokenRequests).toBe(before + 2);
    expect(fake.orders.get(orderId)!.purchase_units[0]!.payments!.captures).toHaveLength(1);
  });
});
