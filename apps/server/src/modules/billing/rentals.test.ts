import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RENTAL_START_WINDOW_DAYS, RENTAL_VIEWING_HOURS, type Session } from '@marquee/contract';
import { payments, rentals, titles } from '../../db/schema';
import { createTestContext, type TestContext } from '../../../test/test-app';
import { fixtures, mediaAsset } from '../../../test/fixtures';
import { bearer, signIn } from '../../../test/sign-in';
import { billingClient } from './billing.test-support';
import type { BillingDeps } from './billing-deps';
import { createOrder } from './orders.service';
import { listRented, rentTitle } from './purchases.service';
import { createSandboxProvider } from './sandbox-provider';

let ctx: TestContext;
let pay: ReturnType<typeof billingClient>;
let film: { id: string };
let show: { id: string };
let plain: { id: string };
let free: { id: string };
let plan: { id: string };
const hour = 60 * 60 * 1000;
const day = 24 * hour;

beforeAll(async () => {
  ctx = await createTestContext();
  pay = billingClient(ctx);
  const make = fixtures(ctx.db);
  const video = await mediaAsset(ctx, 'private');
  film = await make.title({ name: 'Rentable Film', slug: 'rentable-film', videoAssetId: video.id });
  show = await make.title({ kind: 'series', name: 'Rentable Show', slug: 'rentable-show' });
  plain = await make.title({ name: 'Not For Rent', slug: 'not-for-rent' });
  free = await make.title({ name: 'Free Film', slug: 'free-film', isFree: true });
  for (const [t, cents] of [[film, 399], [show, 799], [free, 199]] as const) {
    await ctx.db.update(titles).set({ rentPriceCents: cents }).where(eq(titles.id, t.id));
  }
  plan = await make.plan({ title: 'Monthly', priceCents: 999, validityDays: 30 });
});
afterAll(() => ctx.close());

const movieFor = async (viewer: Session | null, slug = 'rentable-film') =>
  (await ctx.app.inject({ url: `/movie-name/${slug}`, headers: viewer ? bearer(viewer) : {} })).json();

describe('renting a title', () => {
  it('shows the rent price, and null for a title not for rent', async () => {
    expect((await movieFor(null)).rentPrice).toBe(3.99);
    expect((await movieFor(null, 'not-for-rent')).rentPrice).toBeNull();
  });

  it('orders at the title’s price, grants on capture, lists it in Rented, and unlocks the full video', async () => {
    const viewer = await signIn(ctx, { email: 'renter@example.com' });
    expect((await movieFor(viewer)).url).toBeNull();
    const res = await pay.order(viewer, { purpose: 'rental', type: 'Movie', movieId: film.id });
    expect(res.json()).toMatchObject({ price: 3.99, currency: 'USD' });
    const { orderId } = res.json();
    await pay.approve(viewer, orderId);
    const before = Date.now();
    const rented = await pay.rent(viewer, { type: 'Movie', movieId: film.id, orderId });
    expect(rented.statusCode).toBe(200);
    expect(rented.json()).toMatchObject({ message: 'Rental ready', rental: { kind: 'movie', item: { slug: 'rentable-film' }, startedAt: null, expiresAt: null } });
    const startBy = new Date(rented.json().rental.startBy).getTime();
    expect(startBy).toBeGreaterThanOrEqual(before + RENTAL_START_WINDOW_DAYS * day - 5_000);

    const list = (await ctx.app.inject({ url: '/user/rented', headers: bearer(viewer) })).json();
    expect(list.rentedContent).toEqual([expect.objectContaining({ kind: 'movie', item: expect.objectContaining({ name: 'Rentable Film' }) })]);
    expect((await movieFor(viewer)).url).toMatch(/master\.m3u8$/);

    const again = await pay.order(viewer, { purpose: 'rental', type: 'Movie', movieId: film.id });
    expect(again.statusCode).toBe(409);
    expect((await pay.rent(viewer, { type: 'Movie', movieId: film.id, orderId })).json().message).toBe('This payment has already been applied');
    expect(await ctx.db.select().from(rentals).where(eq(rentals.userId, viewer.user._id))).toHaveLength(1);
  });

  it('refuses titles that are not for rent or free, wrong kinds, and orders made for something else', async () => {
    const viewer = await signIn(ctx, { email: 'picky@example.com' });
    expect((await pay.order(viewer, { purpose: 'rental', type: 'Movie', movieId: plain.id })).statusCode).toBe(409);
    expect((await pay.order(viewer, { purpose: 'rental', type: 'Movie', movieId: free.id })).statusCode).toBe(409);
    expect((await pay.order(viewer, { purpose: 'rental', type: 'Series', seriesId: film.id })).statusCode).toBe(404);
    const bad = await pay.order(viewer, { purpose: 'rental', type: 'Movie' } as never);
    expect(bad.statusCode).toBe(400);

    const subscriptionOrder = await pay.orderId(viewer, { purpose: 'subscription', subscriptionId: plan.id });
    await pay.approve(viewer, subscriptionOrder);
    expect((await pay.rent(viewer, { type: 'Movie', movieId: film.id, orderId: subscriptionOrder })).statusCode).toBe(409);
    const showOrder = await pay.orderId(viewer, { purpose: 'rental', type: 'Series', seriesId: show.id });
    await pay.approve(viewer, showOrder);
    expect((await pay.rent(viewer, { type: 'Movie', movieId: film.id, orderId: showOrder })).statusCode).toBe(409);
    expect(await ctx.db.select().from(rentals).where(eq(rentals.userId, viewer.user._id))).toHaveLength(0);
  });
});

describe('a subscriber', () => {
  it('is not offered a rental of a title their plan includes, and an order for one is refused (409) and records nothing', async () => {
    const viewer = await signIn(ctx, { email: 'subscriber@example.com' });
    const orderId = await pay.orderId(viewer, { purpose: 'subscription', subscriptionId: plan.id });
    await pay.approve(viewer, orderId);
    expect((await pay.buy(viewer, { subscriptionId: plan.id, orderId })).statusCode).toBe(200);
    expect((await movieFor(viewer)).access).toEqual({ kind: 'included' });

    const res = await pay.order(viewer, { purpose: 'rental', type: 'Movie', movieId: film.id });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Rentable Film is included in your subscription');
    const series = await pay.order(viewer, { purpose: 'rental', type: 'Series', seriesId: show.id });
    expect(series.statusCode).toBe(409);
    const theirs = await ctx.db.select().from(payments).where(eq(payments.userId, viewer.user._id));
    expect(theirs.map((p) => p.purpose)).toEqual(['subscription']);
  });
});

describe('rental window arithmetic (injected clock)', () => {
  it(`${RENTAL_START_WINDOW_DAYS} days to start, then ${RENTAL_VIEWING_HOURS} hours; outside them it leaves Rented`, async () => {
    const viewer = await signIn(ctx, { email: 'clock@example.com' });
    let now = new Date('2026-01-01T00:00:00Z');
    const deps: BillingDeps = { db: ctx.db, provider: createSandboxProvider(ctx.db), now: () => now };
    const { orderId } = await createOrder(deps, { userId: viewer.user._id, request: { purpose: 'rental', type: 'Series', seriesId: show.id } });
    await pay.approve(viewer, orderId);
    const { rental } = await rentTitle(deps, { userId: viewer.user._id, request: { type: 'Series', seriesId: show.id, orderId } });
    expect(rental.startBy).toBe('2026-01-31T00:00:00.000Z');

    now = new Date('2026-01-30T23:59:00Z');
    expect((await listRented(deps, viewer.user._id)).rentedContent).toHaveLength(1);
    now = new Date('2026-01-31T00:00:01Z');
    expect((await listRented(deps, viewer.user._id)).rentedContent).toHaveLength(0);

    // Started on day 29: the 48 hours run past the start window.
    const startedAt = new Date('2026-01-30T00:00:00Z');
    const expiresAt = new Date(startedAt.getTime() + RENTAL_VIEWING_HOURS * hour);
    await ctx.db.update(rentals).set({ startedAt, expiresAt }).where(eq(rentals.id, rental._id));
    now = new Date('2026-01-31T12:00:00Z');
    expect((await listRented(deps, viewer.user._id)).rentedContent).toEqual([
      expect.objectContaining({ startedAt: startedAt.toISOString(), expiresAt: '2026-02-01T00:00:00.000Z' }),
    ]);
    now = new Date('2026-02-01T00:00:01Z');
    expect((await listRented(deps, viewer.user._id)).rentedContent).toHaveLength(0);
  });
});
