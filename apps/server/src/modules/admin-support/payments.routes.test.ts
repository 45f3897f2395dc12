import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingClient, paypalEnv } from '../billing/billing.test-support';
import { createTestContext, type TestContext } from '../../../test/test-app';
import { fixtures, mediaAsset } from '../../../test/fixtures';
import { startPayPalFake, type PayPalFake } from '../../../test/paypal-fake';
import { bearer, signIn } from '../../../test/sign-in';
import { asStaff, consoleEnv, staffSessions, type Sessions } from '../../../test/staff';

let ctx: TestContext;
let s: Sessions;
let film: { id: string; slug: string; assetId: string };
let plan: { id: string };
let people = 0;

beforeAll(async () => {
  ctx = await createTestContext(consoleEnv);
  s = await staffSessions(ctx);
  const video = await mediaAsset(ctx, 'private');
  const make = fixtures(ctx.db);
  const movie = await make.title({ slug: 'night-ferry', name: 'Night Ferry', rentPriceCents: 499, videoAssetId: video.id });
  film = { id: movie.id, slug: movie.slug, assetId: video.id };
  plan = await make.plan({ title: 'Monthly', priceCents: 999, validityDays: 30 });
});
afterAll(() => ctx.close());

async function renter() {
  people += 1;
  const session = await signIn(ctx, { email: `renter-${people}@example.com`, name: `Renter ${people}` });
  const pay = billingClient(ctx);
  const orderId = await pay.orderId(session, { purpose: 'rental', type: 'Movie', movieId: film.id });
  await pay.approve(session, orderId);
  expect((await pay.rent(session, { type: 'Movie', movieId: film.id, orderId })).statusCode).toBe(200);
  const account = (await asStaff(ctx, s.support).get(`/admin/api/viewers/${session.user._id}`)).json();
  return { session, paymentId: account.payments[0]._id as string };
}

const linkStatus = async (session: { token: string }) =>
  (await ctx.app.inject({ url: `/user/playback-link/${film.assetId}`, headers: { authorization: `Bearer ${session.token}` } })).statusCode;

describe('support: payments', () => {
  it('lists payments filtered by status, provider and day, and shows one with its history', async () => {
    const { session, paymentId } = await renter();
    const today = new Date().toISOString().slice(0, 10);
    const list = (await asStaff(ctx, s.support).get(`/admin/api/payments?status=granted&provider=sandbox&from=${today}&to=${today}`)).json();
    expect(list.items.map((p: { _id: string }) => p._id)).toContain(paymentId);
    expect((await asStaff(ctx, s.support).get('/admin/api/payments?provider=paypal')).json().total).toBe(0);
    expect((await asStaff(ctx, s.support).get('/admin/api/payments?status=revoked')).json().items.map((p: { _id: string }) => p._id)).not.toContain(paymentId);
    expect((await asStaff(ctx, s.support).get('/admin/api/payments?from=2001-01-01&to=2001-12-31')).json().total).toBe(0);
    expect((await asStaff(ctx, s.support).get('/admin/api/payments?from=yesterday')).statusCode).toBe(400);

    const detail = (await asStaff(ctx, s.support).get(`/admin/api/payments/${paymentId}`)).json();
    expect(detail).toMatchObject({ item: 'Night Ferry', amount: 4.99, status: 'granted', refundable: true, viewer: { _id: session.user._id } });
    expect(detail.events.map((e: { type: string }) => e.type)).toContain('granted');
    expect((await asStaff(ctx, s.editor).get('/admin/api/payments')).statusCode).toBe(403);
  });

  it('refunds a rental through the sandbox: the viewer loses access at once, the refund is audited, a second refund is refused', async () => {
    const { session, paymentId } = await renter();
    expect(await linkStatus(session)).toBe(200);
    const res = await asStaff(ctx, s.support).post(`/admin/api/payments/${paymentId}/refund`, { reason: 'Charged twice' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'revoked', refundable: false });
    expect(res.json().events.map((e: { type: string }) => e.type)).toEqual(expect.arrayContaining(['refunded', 'revoked']));
    expect(await linkStatus(session)).toBe(403);
    const rented = (await ctx.app.inject({ url: '/user/rented', headers: bearer(session) })).json();
    expect(rented.rentedContent).toEqual([]);

    const again = await asStaff(ctx, s.support).post(`/admin/api/payments/${paymentId}/refund`, { reason: 'Again' });
    expect(again.statusCode).toBe(409);
    const audit = (await asStaff(ctx, s.admin).get(`/admin/api/audit?entityType=payment&entityId=${paymentId}`)).json();
    expect(audit.items).toMatchObject([{ action: 'payment.refund', reason: 'Charged twice', summary: `Refunded Night Ferry (4.99 USD) to ${session.user.email}` }]);
    expect((await asStaff(ctx, s.support).post(`/admin/api/payments/${crypto.randomUUID()}/refund`, { reason: 'x' })).statusCode).toBe(404);
  });

  it('grants a subscription and a rental by hand, after what runs already, audited; refuses unknown plans beside the field', async () => {
    people += 1;
    const viewer = await signIn(ctx, { email: `granted-${people}@example.com` });
    const url = `/admin/api/viewers/${viewer.user._id}/grants`;
    expect(await linkStatus(viewer)).toBe(403);
    const first = await asStaff(ctx, s.support).post(url, { kind: 'subscription', planId: plan.id, days: 7, reason: 'Outage compensation' });
    expect(first.statusCode).toBe(200);
    const second = (await asStaff(ctx, s.support).post(url, { kind: 'subscription', planId: plan.id, days: 3, reason: 'Goodwill' })).json();
    const [later, earlier] = second.subscriptions;
    expect(earlier).toMatchObject({ plan: 'Monthly', status: 'active', paymentId: null });
    expect(later).toMatchObject({ status: 'scheduled', startsAt: earlier.endsAt });
    expect(Date.parse(later.endsAt) - Date.parse(earlier.startsAt)).toBeGreaterThanOrEqual(10 * 86_400_000 - 5000);
    expect(await linkStatus(viewer)).toBe(200);

    const rental = (await asStaff(ctx, s.support).post(url, { kind: 'rental', titleId: film.id, days: 2, reason: 'Playback fault' })).json();
    expect(rental.rentals).toMatchObject([{ title: { name: 'Night Ferry' }, status: 'active', paymentId: null }]);

    const unknown = await asStaff(ctx, s.support).post(url, { kind: 'subscription', planId: crypto.randomUUID(), days: 3, reason: 'x' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual([{ path: 'body.planId', message: 'No such plan' }]);
    const tooLong = await asStaff(ctx, s.support).post(url, { kind: 'rental', titleId: film.id, days: 400, reason: 'x' });
    expect(tooLong.json().errors[0]).toMatchObject({ path: 'body.days', message: 'At most 366 days' });
    expect((await asStaff(ctx, s.editor).post(url, { kind: 'rental', titleId: film.id, days: 2, reason: 'x' })).statusCode).toBe(403);

    const audit = (await asStaff(ctx, s.admin).get(`/admin/api/audit?entityId=${viewer.user._id}`)).json();
    expect(audit.items.map((e: { action: string; reason: string }) => [e.action, e.reason])).toEqual([
      ['rental.grant', 'Playback fault'],
      ['subscription.grant', 'Goodwill'],
      ['subscription.grant', 'Outage compensation'],
    ]);
  });
});

describe('support: refunds in PayPal mode (captures/{id}/refund on the local PayPal fake)', () => {
  let fake: PayPalFake;
  let paypal: TestContext;
  beforeAll(async () => {
    fake = await startPayPalFake();
    paypal = await createTestContext({ ...consoleEnv, ...paypalEnv(fake) });
  });
  afterAll(async () => {
    await paypal.close();
    await fake.close();
  });

  it('refunds the capture at PayPal and ends the subscription it paid for', async () => {
    const staff = await staffSessions(paypal, '-pp');
    const monthly = await fixtures(paypal.db).plan({ title: 'Monthly', priceCents: 1299, validityDays: 30 });
    const viewer = await signIn(paypal, { email: 'paypal-buyer@example.com' });
    const pay = billingClient(paypal);
    const orderId = await pay.orderId(viewer, { purpose: 'subscription', subscriptionId: monthly.id });
    fake.approve(orderId);
    expect((await pay.buy(viewer, { subscriptionId: monthly.id, orderId })).statusCode).toBe(200);
    expect((await pay.status(viewer)).subscriptionValid).toBe(true);

    const [payment] = (await asStaff(paypal, staff.support).get('/admin/api/payments?provider=paypal')).json().items;
    const res = await asStaff(paypal, staff.support).post(`/admin/api/payments/${payment._id}/refund`, { reason: 'Cancelled within 14 days' });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('revoked');
    expect(fake.orders.get(orderId)!.purchase_units[0]!.payments!.captures[0]!.status).toBe('REFUNDED');
    expect((await pay.status(viewer)).subscriptionValid).toBe(false);

    // Refunded meanwhile in PayPal's dashboard: the money is back with the viewer, so the access ends here too.
    const other = await signIn(paypal, { email: 'paypal-buyer-2@example.com' });
    const secondOrder = await pay.orderId(other, { purpose: 'subscription', subscriptionId: monthly.id });
    fake.approve(secondOrder);
    await pay.buy(other, { subscriptionId: monthly.id, orderId: secondOrder });
    const captureId = fake.orders.get(secondOrder)!.purchase_units[0]!.payments!.captures[0]!.id;
    fake.refund(captureId);
    const second = (await asStaff(paypal, staff.support).get('/admin/api/payments?provider=paypal&status=granted')).json().items[0];
    expect((await pay.status(other)).subscriptionValid).toBe(true);
    const before = await asStaff(paypal, staff.support).post(`/admin/api/payments/${second._id}/refund`, { reason: 'Refunded in the dashboard' });
    expect(before.statusCode).toBe(200);
    expect(before.json().status).toBe('revoked');
    expect(before.json().events.find((e: { type: string }) => e.type === 'refunded').detail).toEqual({ refundId: null, status: 'REFUNDED_BEFORE' });
    expect((await pay.status(other)).subscriptionValid).toBe(false);
  });
});
