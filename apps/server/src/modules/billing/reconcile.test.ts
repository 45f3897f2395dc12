import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '@marquee/contract';
import { createTestContext, type TestContext } from '../../../test/test-app';
import { fixtures } from '../../../test/fixtures';
import { startPayPalFake, type PayPalFake } from '../../../test/paypal-fake';
import { signIn } from '../../../test/sign-in';
import { billingClient, paypalEnv, paymentLog, paymentOf, subscriptionsOf } from './billing.test-support';
import type { BillingDeps } from './billing-deps';
import * as payments from './payments.repository';
import { paymentProviderFromConfig } from './provider-from-config';
import { reconcilePayments } from './reconcile.service';

/**
 * A crash between the provider and the grant, staged without killing anything: the provider is
 * called as the dying process called it (same idempotency key), and our records stop where the
 * process died. The reconciliation must then grant exactly once. (reconcile.crash.test.ts kills
 * real processes.)
 */
describe.each(['sandbox', 'paypal'] as const)('reconciling payments with the %s provider', (providerName) => {
  let fake: PayPalFake | null = null;
  let ctx: TestContext;
  let pay: ReturnType<typeof billingClient>;
  let deps: BillingDeps;
  let plan: { id: string };
  let people = 0;

  beforeAll(async () => {
    if (providerName === 'paypal') fake = await startPayPalFake();
    ctx = await createTestContext({
      LOGIN_LIMIT_PER_IP: '1000',
      ...(fake ? paypalEnv(fake) : {}),
    });
    pay = billingClient(ctx);
    deps = { db: ctx.db, provider: paymentProviderFromConfig(ctx.config.payments, ctx.db), now: () => new Date() };
    plan = await fixtures(ctx.db).plan({ title: 'Monthly', priceCents: 999, validityDays: 30 });
  });
  afterAll(async () => {
    await ctx.close();
    await fake?.close();
  });

  async function order(): Promise<{ viewer: Session; orderId: string; paymentId: string }> {
    people += 1;
    const viewer = await signIn(ctx, { email: `reconcile-${providerName}-${people}@example.com` });
    const orderId = await pay.orderId(viewer, { purpose: 'subscription', subscriptionId: plan.id });
    return { viewer, orderId, paymentId: (await paymentOf(ctx, orderId)).id };
  }
  async function approve(viewer: Session, orderId: string) {
    if (fake) fake.approve(orderId);
    else expect((await pay.approve(viewer, orderId)).statusCode).toBe(200);
  }
  /** What the viewer's request did before the process died: the capture at the provider, nothing recorded. */
  const captureAtProvider = (orderId: string, paymentId: string) => deps.provider.captureOrder({ orderId, requestId: `capture-${paymentId}-0` });
  const reconcile = (graceMs = 0) => reconcilePayments(deps, { graceMs });

  it('grants a payment the provider captured but the dying process never recorded, once; the viewer’s retry then changes nothing', async () => {
    const { viewer, orderId, paymentId } = await order();
    await approve(viewer, orderId);
    expect(await captureAtProvider(orderId, paymentId)).toMatchObject({ kind: 'completed' });
    expect((await paymentOf(ctx, orderId)).status).toBe('created');

    const report = await reconcile();
    expect(report).toMatchObject({ granted: 1, failures: [] });
    expect(await subscriptionsOf(ctx, viewer)).toHaveLength(1);
    expect(await pay.status(viewer)).toMatchObject({ subscriptionValid: true });
    const payment = await paymentOf(ctx, orderId);
    expect(payment.status).toBe('granted');
    expect((await paymentLog(ctx.db, paymentId)).map((e) => e.type)).toEqual(['order_created', ...(fake ? [] : ['approved']), 'captured', 'granted']);

    expect((await reconcile()).granted).toBe(0);
    const retry = await pay.buy(viewer, { subscriptionId: plan.id, orderId });
    expect(retry.statusCode).toBe(200);
    expect(retry.json().message).toBe('This payment has already been applied');
    expect(await subscriptionsOf(ctx, viewer)).toHaveLength(1);
    if (fake) expect(fake.orders.get(orderId)!.purchase_units[0]!.payments!.captures).toHaveLength(1);
  });

  it('grants a payment recorded as captured whose grant the crash cut off', async () => {
    const { viewer, orderId, paymentId } = await order();
    await approve(viewer, orderId);
    const outcome = await captureAtProvider(orderId, paymentId);
    if (outcome.kind !== 'completed') throw new Error(`capture: ${outcome.kind}`);
    await payments.movePayment(ctx.db, { id: paymentId, from: ['created'], to: 'captured', captureId: outcome.captureId });

    expect((await reconcile()).granted).toBe(1);
    expect(await subscriptionsOf(ctx, viewer)).toHaveLength(1);
    expect((await paymentOf(ctx, orderId)).status).toBe('granted');
  });

  it('captures and grants an order the buyer approved when the page then went away', async () => {
    const { viewer, orderId } = await order();
    await approve(viewer, orderId);
    expect((await reconcile()).granted).toBe(1);
    expect(await subscriptionsOf(ctx, viewer)).toHaveLength(1);
    if (fake) expect(fake.orders.get(orderId)!.status).toBe('COMPLETED');
  });

  it('leaves alone orders nobody approved, and payments younger than the grace period', async () => {
    const unapproved = await order();
    const recent = await order();
    await approve(recent.viewer, recent.orderId);
    await reconcile(60_000);
    expect((await paymentOf(ctx, recent.orderId)).status).toBe('created');

    await reconcile();
    const untouched = await paymentOf(ctx, unapproved.orderId);
    expect(untouched.status).toBe('created');
    // Nothing was attempted: a refused capture would have been logged.
    expect((await paymentLog(ctx.db, untouched.id)).map((e) => e.type)).toEqual(['order_created']);
    expect(await subscriptionsOf(ctx, unapproved.viewer)).toHaveLength(0);
    expect((await paymentOf(ctx, recent.orderId)).status).toBe('granted');
  });

  it('racing the viewer’s own capture, grants exactly once between them', async () => {
    const { viewer, orderId } = await order();
    await approve(viewer, orderId);
    const [buy, report] = await Promise.all([pay.buy(viewer, { subscriptionId: plan.id, orderId }), reconcile()]);
    expect(buy.statusCode).toBe(200);
    expect(report.failures).toEqual([]);
    expect(await subscriptionsOf(ctx, viewer)).toHaveLength(1);
  });
});

describe('reconciling PayPal payments the provider cannot answer for', () => {
  let fake: PayPalFake;
  let ctx: TestContext;
  let deps: BillingDeps;

  beforeAll(async () => {
    fake = await startPayPalFake();
    ctx = await createTestContext(paypalEnv(fake));
    deps = { db: ctx.db, provider: paymentProviderFromConfig(ctx.config.payments, ctx.db), now: () => new Date() };
  });
  afterAll(async () => {
    await ctx.close();
    await fake.close();
  });

  it('reports an order PayPal cannot be reached for, changes nothing, and grants it on the next run', async () => {
    const plan = await fixtures(ctx.db).plan({ title: 'Monthly', priceCents: 999, validityDays: 30 });
    const viewer = await signIn(ctx, { email: 'unreachable@example.com' });
    const orderId = await billingClient(ctx).orderId(viewer, { purpose: 'subscription', subscriptionId: plan.id });
    fake.approve(orderId);
    fake.breakNext(`/v2/checkout/orders/${orderId}`, 'drop');
    const first = await reconcilePayments(deps, { graceMs: 0 });
    expect(first.granted).toBe(0);
    expect(first.failures).toEqual([{ paymentId: (await paymentOf(ctx, orderId)).id, reason: expect.stringMatching(/could not be reached/) }]);
    expect(fake.orders.get(orderId)!.status).toBe('APPROVED');

    expect(await reconcilePayments(deps, { graceMs: 0 })).toMatchObject({ granted: 1, failures: [] });
    expect(await subscriptionsOf(ctx, viewer)).toHaveLength(1);
  });

  it('grants a PENDING capture once PayPal completes it, though its webhook never came', async () => {
    const plan = await fixtures(ctx.db).plan({ title: 'Yearly', priceCents: 8999, validityDays: 365 });
    const viewer = await signIn(ctx, { email: 'pending@example.com' });
    const pay = billingClient(ctx);
    const orderId = await pay.orderId(viewer, { purpose: 'subscription', subscriptionId: plan.id });
    fake.approve(orderId);
    fake.scriptNextCapture({ kind: 'capture', status: 'PENDING' });
    expect((await pay.buy(viewer, { subscriptionId: plan.id, orderId })).statusCode).toBe(402);
    expect((await reconcilePayments(deps, { graceMs: 0 })).granted).toBe(0);

    fake.completeCapture(fake.orders.get(orderId)!.purchase_units[0]!.payments!.captures[0]!.id);
    expect((await reconcilePayments(deps, { graceMs: 0 })).granted).toBe(1);
    expect(await subscriptionsOf(ctx, viewer)).toHaveLength(1);
  });
});
