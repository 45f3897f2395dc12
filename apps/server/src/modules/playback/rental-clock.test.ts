import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RENTAL_VIEWING_HOURS, type Session } from '@marquee/contract';
import { rentals, subscriptions } from '../../db/schema';
import { createTestContext, type TestContext } from '../../../test/test-app';
import { fixtures, mediaAsset } from '../../../test/fixtures';
import { bearer, sessionIdOf, signIn } from '../../../test/sign-in';

let ctx: TestContext;
let renter: Session;
let subscriber: Session;
const day = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  ctx = await createTestContext();
  const make = fixtures(ctx.db);
  const video = await mediaAsset(ctx, 'private');
  const film = await make.title({ name: 'Rented Film', slug: 'rented-film', videoAssetId: video.id });
  const plan = await make.plan({ title: 'Monthly', priceCents: 999, validityDays: 30 });
  renter = await signIn(ctx, { email: 'renter@example.com' });
  subscriber = await signIn(ctx, { email: 'subscriber-renter@example.com' });
  await ctx.db.insert(subscriptions).values({ userId: subscriber.user._id, planId: plan.id, startsAt: new Date(Date.now() - day), endsAt: new Date(Date.now() + day) });
  const startBy = new Date(Date.now() + 30 * day);
  await ctx.db.insert(rentals).values([
    { userId: renter.user._id, titleId: film.id, startBy },
    { userId: subscriber.user._id, titleId: film.id, startBy },
  ]);
});
afterAll(() => ctx.close());

const rentalOf = async (session: Session) => (await ctx.db.select().from(rentals).where(eq(rentals.userId, session.user._id)))[0]!;
const masterUrl = async (session: Session): Promise<string> =>
  (await ctx.app.inject({ url: '/movie-name/rented-film', headers: bearer(session) })).json().url;

describe('the rental clock', () => {
  it('does not start when the page is opened or the master playlist is read', async () => {
    const url = await masterUrl(renter);
    expect(url).toBeTruthy();
    expect((await ctx.app.inject({ url })).statusCode).toBe(200);
    expect(await rentalOf(renter)).toMatchObject({ startedAt: null, expiresAt: null });
  });

  it(`starts at the first rendition playlist, for ${RENTAL_VIEWING_HOURS} hours, and only once`, async () => {
    const url = await masterUrl(renter);
    const before = Date.now();
    expect((await ctx.app.inject({ url: url.replace('master.m3u8', '360p/index.m3u8') })).statusCode).toBe(404);
    const started = await rentalOf(renter);
    expect(started.startedAt!.getTime()).toBeGreaterThanOrEqual(before - 5_000);
    expect(started.expiresAt!.getTime() - started.startedAt!.getTime()).toBe(RENTAL_VIEWING_HOURS * 60 * 60 * 1000);

    await ctx.app.inject({ url: url.replace('master.m3u8', '360p/index.m3u8') });
    expect((await rentalOf(renter)).startedAt).toEqual(started.startedAt);
  });

  it('leaves a subscriber’s rental unstarted: the subscription is what they are watching on', async () => {
    const url = await masterUrl(subscriber);
    await ctx.app.inject({ url: url.replace('master.m3u8', '360p/index.m3u8') });
    expect(await rentalOf(subscriber)).toMatchObject({ startedAt: null });
  });

  it('starts nothing from a forged link', async () => {
    const url = await masterUrl(subscriber);
    const forged = url.replace(await sessionIdOf(ctx, subscriber), await sessionIdOf(ctx, renter)).replace('master.m3u8', '360p/index.m3u8');
    await ctx.db.update(rentals).set({ startedAt: null, expiresAt: null }).where(eq(rentals.userId, renter.user._id));
    expect((await ctx.app.inject({ url: forged })).statusCode).toBe(403);
    expect(await rentalOf(renter)).toMatchObject({ startedAt: null });
  });
});
