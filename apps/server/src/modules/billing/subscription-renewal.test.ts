import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '@marquee/contract';
import { createTestContext, type TestContext } from '../../../test/test-app';
import { fixtures } from '../../../test/fixtures';
import { bearer, signIn } from '../../../test/sign-in';
import { billingClient, paymentOf, subscriptionsOf } from './billing.test-support';
import { grantCapturedPayment } from './grants.service';
import { movePayment } from './payments.repository';

let ctx: TestContext;
let pay: ReturnType<typeof billingClient>;
let monthly: { id: string };
let yearly: { id: string };
const day = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  ctx = await createTestContext();
  pay = billingClient(ctx);
  const make = fixtures(ctx.db);
  monthly = await make.plan({ title: 'Monthly', priceCents: 999, validityDays: 30 });
  yearly = await make.plan({ title: 'Yearly', priceCents: 8999, validityDays: 365 });
});
afterAll(() => ctx.close());

async function purchase(viewer: Session, plan: { id: string }, path = '/user/buy/subscription') {
  const orderId = await pay.orderId(viewer, { purpose: 'subscription', subscriptionId: plan.id });
  await pay.approve(viewer, orderId);
  const res = await pay.buy(viewer, { subscriptionId: plan.id, orderId }, path);
  expect(res.statusCode).toBe(200);
  return res.json();
}

describe('renewal and plan change through update-subscription', () => {
  it('renewing extends from the current end; the history shows the renewal scheduled', async () => {
    const viewer = await signIn(ctx, { email: 'renew@example.com' });
    const first = await purchase(viewer, monthly);
    const renewed = await purchase(viewer, monthly, '/user/update-subscription');
    expect(renewed.message).toBe('Subscription renewed');
    expect(new Date(renewed.validUntil).getTime() - new Date(first.validUntil).getTime()).toBe(30 * day);
    expect(await pay.status(viewer)).toMatchObject({ subscriptionValid: true, plan: 'Monthly', validUntil: renewed.validUntil });
    const history = (await ctx.app.inject({ url: '/user/other-subscriptions', headers: bearer(viewer) })).json();
    expect(history.map((h: { status: string }) => h.status)).toEqual(['scheduled', 'active']);
    expect(new Date(history[0].endsAt).getTime() - new Date(first.validUntil).getTime()).toBe(30 * day);
  });

  it('a different plan starts at once and replaces the old one', async () => {
    const viewer = await signIn(ctx, { email: 'upgrade@example.com' });
    await purchase(viewer, monthly);
    const before = Date.now();
    const upgraded = await purchase(viewer, yearly, '/user/update-subscription');
    expect(upgraded).toMatchObject({ subscriptionValid: true, plan: 'Yearly', message: 'Subscription activated' });
    expect(new Date(upgraded.validUntil).getTime()).toBeGreaterThanOrEqual(before + 365 * day - 5_000);
    const history = (await ctx.app.inject({ url: '/user/other-subscriptions', headers: bearer(viewer) })).json();
    expect(history.map((h: { plan: string; status: string }) => `${h.plan} ${h.status}`)).toEqual(['Yearly active', 'Monthly ended']);
  });
});

describe('two concurrent grants of one captured order', () => {
  it('yield exactly one grant', async () => {
    const viewer = await signIn(ctx, { email: 'race@example.com' });
    const orderId = await pay.orderId(viewer, { purpose: 'subscription', subscriptionId: monthly.id });
    const payment = await paymentOf(ctx, orderId);
    await movePayment(ctx.db, { id: payment.id, from: ['created'], to: 'captured', captureId: 'CAP-RACE' });
    const deps = { db: ctx.db, now: () => new Date() };
    const grants = await Promise.all(Array.from({ length: 4 }, () => grantCapturedPayment(deps, payment)));
    expect(grants.filter((g) => g !== null)).toHaveLength(1);
    expect(await subscriptionsOf(ctx, viewer)).toHaveLength(1);
  });
});
