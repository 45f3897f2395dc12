import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '@marquee/contract';
import { titles } from '../../db/schema';
import { createTestContext, type TestContext } from '../../../test/test-app';
import { fixtures, mediaAsset } from '../../../test/fixtures';
import { startPayPalFake, type PayPalFake } from '../../../test/paypal-fake';
import { bearer, signIn } from '../../../test/sign-in';
import { billingClient, paypalEnv, paymentOf, subscriptionsOf } from './billing.test-support';

let fake: PayPalFake;
let ctx: TestContext;
let pay: ReturnType<typeof billingClient>;
let plan: { id: string };
let film: { id: string };
let people = 0;

beforeAll(async () => {
  fake = await startPayPalFake();
  ctx = await createTestContext({
    ...paypalEnv(fake),
    // Every test signs a new viewer in from the same address.
    LOGIN_LIMIT_PER_IP: '1000',
  });
  pay = billingClient(ctx);
  const make = fixtures(ctx.db);
  plan = await make.plan({ title: 'Monthly', priceCents: 999, validityDays: 30 });
  film = await make.title({ name: 'Paid Film', slug: 'paid-film', videoAssetId: (await mediaAsset(ctx, 'private')).id });
  await ctx.db.update(titles).set({ rentPriceCents: 499 }).where(eq(titles.id, film.id));
});
afterAll(async () => {
  await ctx.close();
  await fake.close();
});

/** A viewer whose approved order was captured with the given script; returns the capture id. */
async function capturedOrder(script: Parameters<PayPalFake['scriptNextCapture']>[0]) {
  people += 1;
  const viewer = await signIn(ctx, { email: `hook-${people}@example.com` });
  const orderId = await pay.orderId(viewer, { purpose: 'subscription', subscriptionId: plan.id });
  fake.approve(orderId);
  fake.scriptNextCapture(script);
  const res = await pay.buy(viewer, { subscriptionId: plan.id, orderId });
  const captureId = fake.orders.get(orderId)!.purchase_units[0]!.payments!.captures[0]!.id;
  return { viewer, orderId, captureId, res };
}

const event = (type: string, resource: object, resourceType = 'capture') => ({
  id: `WH-${randomBytes(8).toString('hex').toUpperCase()}`,
  event_version: '1.0',
  create_time: new Date().toISOString(),
  resource_type: resourceType,
  event_type: type,
  summary: type,
  resource,
});

const deliver = (body: object, headers = fake.signedHeaders(body)) =>
  ctx.app.inject({ method: 'POST', url: '/payments/paypal/webhook', headers, payload: body });

const canWatch = async (viewer: Session) =>
  (await ctx.app.inject({ url: '/movie-name/paid-film', headers: bearer(viewer) })).json().url !== null;

describe('a PENDING capture grants nothing until PayPal says it completed', () => {
  it('grants on PAYMENT.CAPTURE.COMPLETED, re-reading the capture from PayPal, and only once', async () => {
    const { viewer, orderId, captureId, res } = await capturedOrder({ kind: 'capture', status: 'PENDING' });
    expect(res.statusCode).toBe(402);
    expect(res.json().message).toMatch(/pending/);
    expect((await paymentOf(ctx, orderId)).status).toBe('pending');

    // The payload claims COMPLETED, but PayPal still has the capture PENDING: nothing happens.
    const early = event('PAYMENT.CAPTURE.COMPLETED', { id: captureId, status: 'COMPLETED' });
    expect((await deliver(early)).statusCode).toBe(200);
    expect(await subscriptionsOf(ctx, viewer)).toHaveLength(0);

    fake.completeCapture(captureId);
    const completed = event('PAYMENT.CAPTURE.COMPLETED', { id: captureId, status: 'COMPLETED' });
    expect((await deliver(completed)).json()).toEqual({ message: 'Processed' });
    expect(await subscriptionsOf(ctx, viewer)).toHaveLength(1);
    expect(await canWatch(viewer)).toBe(true);

    expect((await deliver(completed)).json()).toEqual({ message: 'Already processed' });
    expect((await pay.buy(viewer, { subscriptionId: plan.id, orderId })).json().message).toBe('This payment has already been applied');
    expect(await subscriptionsOf(ctx, viewer)).toHaveLength(1);
  });

  it('a webhook after a capture that already granted changes nothing', async () => {
    const { viewer, captureId, res } = await capturedOrder({ kind: 'capture' });
    expect(res.statusCode).toBe(200);
    expect((await deliver(event('PAYMENT.CAPTURE.COMPLETED', { id: captureId }))).statusCode).toBe(200);
    expect(await subscriptionsOf(ctx, viewer)).toHaveLength(1);
  });

  it('an invalid signature is 400 and acts on nothing', async () => {
    const { viewer, captureId } = await capturedOrder({ kind: 'capture', status: 'PENDING' });
    fake.completeCapture(captureId);
    const body = event('PAYMENT.CAPTURE.COMPLETED', { id: captureId });
    const forged = { ...fake.signedHeaders(body), 'paypal-transmission-sig': 'forged' };
    const res = await deliver(body, forged);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/could not be verified/);
    const unsigned = await ctx.app.inject({ method: 'POST', url: '/payments/paypal/webhook', payload: body });
    expect(unsigned.statusCode).toBe(400);
    expect(await subscriptionsOf(ctx, viewer)).toHaveLength(0);
  });

  it('a malformed delivery is 400', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/payments/paypal/webhook', payload: { event_type: 'X' } });
    expect(res.statusCode).toBe(400);
  });
});

describe('refunds, reversals and disputes end access at once', () => {
  it('PAYMENT.CAPTURE.REFUNDED revokes the subscription', async () => {
    const { viewer, orderId, captureId } = await capturedOrder({ kind: 'capture' });
    expect(await canWatch(viewer)).toBe(true);
    const refund = fake.refund(captureId);
    expect((await deliver(event('PAYMENT.CAPTURE.REFUNDED', refund, 'refund'))).statusCode).toBe(200);
    expect(await canWatch(viewer)).toBe(false);
    expect(await pay.status(viewer)).toMatchObject({ subscriptionValid: false });
    expect((await paymentOf(ctx, orderId)).status).toBe('revoked');
    const history = (await ctx.app.inject({ url: '/user/other-subscriptions', headers: bearer(viewer) })).json();
    expect(history).toEqual([expect.objectContaining({ plan: 'Monthly', status: 'revoked', price: 9.99 })]);
  });

  it('a refund webhook whose capture PayPal still shows COMPLETED revokes nothing', async () => {
    const { viewer, captureId } = await capturedOrder({ kind: 'capture' });
    const links = [{ href: `${fake.url}/v2/payments/captures/${captureId}`, rel: 'up', method: 'GET' }];
    await deliver(event('PAYMENT.CAPTURE.REVERSED', { id: 'REFUND1', status: 'COMPLETED', links }, 'refund'));
    expect(await canWatch(viewer)).toBe(true);
  });

  it('a refunded rental stops playing at once', async () => {
    people += 1;
    const viewer = await signIn(ctx, { email: `hook-${people}@example.com` });
    const orderId = await pay.orderId(viewer, { purpose: 'rental', type: 'Movie', movieId: film.id });
    fake.approve(orderId);
    expect((await pay.rent(viewer, { type: 'Movie', movieId: film.id, orderId })).statusCode).toBe(200);
    expect(await canWatch(viewer)).toBe(true);
    const captureId = fake.orders.get(orderId)!.purchase_units[0]!.payments!.captures[0]!.id;
    await deliver(event('PAYMENT.CAPTURE.REFUNDED', fake.refund(captureId), 'refund'));
    expect(await canWatch(viewer)).toBe(false);
    expect((await ctx.app.inject({ url: '/user/rented', headers: bearer(viewer) })).json()).toEqual({ rentedContent: [] });
  });

  it('CUSTOMER.DISPUTE.CREATED revokes the disputed capture', async () => {
    const { viewer, captureId } = await capturedOrder({ kind: 'capture' });
    const disputeId = fake.openDispute(captureId);
    await deliver(event('CUSTOMER.DISPUTE.CREATED', { dispute_id: disputeId, disputed_transactions: [] }, 'dispute'));
    expect(await canWatch(viewer)).toBe(false);
  });
});

describe('a read-back that fails is answered 502, left unprocessed, and acted on when PayPal redelivers', () => {
  it.each([
    ['PAYMENT.CAPTURE.REFUNDED', 'not-found'],
    ['PAYMENT.CAPTURE.REFUNDED', 'drop'],
    ['PAYMENT.CAPTURE.REVERSED', 'not-found'],
  ] as const)('%s whose capture read-back fails (%s)', async (type, failure) => {
    const { viewer, orderId, captureId } = await capturedOrder({ kind: 'capture' });
    const body = event(type, fake.refund(captureId), 'refund');
    fake.breakNext(`/v2/payments/captures/${captureId}`, failure);
    const first = await deliver(body);
    expect(first.statusCode).toBe(502);
    expect(await canWatch(viewer)).toBe(true);
    expect((await paymentOf(ctx, orderId)).status).toBe('granted');

    expect((await deliver(body)).json()).toEqual({ message: 'Processed' });
    expect(await canWatch(viewer)).toBe(false);
    expect((await paymentOf(ctx, orderId)).status).toBe('revoked');
  });

  it.each(['not-found', 'drop'] as const)('CUSTOMER.DISPUTE.CREATED whose dispute read-back fails (%s)', async (failure) => {
    const { viewer, captureId } = await capturedOrder({ kind: 'capture' });
    const disputeId = fake.openDispute(captureId);
    const body = event('CUSTOMER.DISPUTE.CREATED', { dispute_id: disputeId, disputed_transactions: [] }, 'dispute');
    fake.breakNext(`/v1/customer/disputes/${disputeId}`, failure);
    expect((await deliver(body)).statusCode).toBe(502);
    expect(await canWatch(viewer)).toBe(true);
    expect((await deliver(body)).json()).toEqual({ message: 'Processed' });
    expect(await canWatch(viewer)).toBe(false);
  });

  it.each([
    ['capture', 'not-found'],
    ['capture', 'drop'],
    ['order', 'not-found'],
  ] as const)('PAYMENT.CAPTURE.COMPLETED whose %s read-back fails (%s)', async (what, failure) => {
    const { viewer, orderId, captureId } = await capturedOrder({ kind: 'capture', status: 'PENDING' });
    fake.completeCapture(captureId);
    const body = event('PAYMENT.CAPTURE.COMPLETED', { id: captureId, status: 'COMPLETED' });
    fake.breakNext(what === 'capture' ? `/v2/payments/captures/${captureId}` : `/v2/checkout/orders/${orderId}`, failure);
    expect((await deliver(body)).statusCode).toBe(502);
    expect(await subscriptionsOf(ctx, viewer)).toHaveLength(0);
    expect((await paymentOf(ctx, orderId)).status).toBe('pending');

    expect((await deliver(body)).json()).toEqual({ message: 'Processed' });
    expect(await subscriptionsOf(ctx, viewer)).toHaveLength(1);
  });
});
