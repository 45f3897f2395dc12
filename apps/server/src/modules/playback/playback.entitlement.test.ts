import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Movie, Series, Session } from '@marquee/contract';
import { rentals, subscriptions } from '../../db/schema';
import { createTestContext, type TestContext } from '../../../test/test-app';
import { fixtures, mediaAsset } from '../../../test/fixtures';
import { bearer, sessionIdOf, signIn } from '../../../test/sign-in';

let ctx: TestContext;
let viewer: Session;
let subscriber: Session;
let renter: Session;

beforeAll(async () => {
  ctx = await createTestContext();
  const make = fixtures(ctx.db);
  const trailer = await mediaAsset(ctx, 'public');
  const full = await mediaAsset(ctx, 'private');
  const episodeVideo = await mediaAsset(ctx, 'private');
  await make.title({ name: 'Paid', slug: 'paid', trailerAssetId: trailer.id, videoAssetId: full.id });
  await make.title({ name: 'Free', slug: 'free', isFree: true, videoAssetId: full.id });
  const rented = await make.title({ name: 'Rented', slug: 'rented', videoAssetId: full.id });
  await make.title({ name: 'Hidden', slug: 'hidden', isEnable: false, videoAssetId: full.id });
  const show = await make.title({ kind: 'series', name: 'Show', slug: 'show' });
  await make.episode({ seriesId: show.id, number: 1, videoAssetId: episodeVideo.id });
  const plan = await make.plan({ title: 'Monthly', priceCents: 999, validityDays: 30 });

  viewer = await signIn(ctx, { email: 'viewer@example.com' });
  subscriber = await signIn(ctx, { email: 'subscriber@example.com' });
  renter = await signIn(ctx, { email: 'renter@example.com' });
  const day = 24 * 60 * 60 * 1000;
  await ctx.db.insert(subscriptions).values([
    { userId: subscriber.user._id, planId: plan.id, startsAt: new Date(Date.now() - day), endsAt: new Date(Date.now() + 29 * day) },
    // An expired and a revoked subscription grant nothing.
    { userId: viewer.user._id, planId: plan.id, startsAt: new Date(Date.now() - 40 * day), endsAt: new Date(Date.now() - 10 * day) },
    { userId: viewer.user._id, planId: plan.id, startsAt: new Date(), endsAt: new Date(Date.now() + day), revokedAt: new Date() },
  ]);
  await ctx.db.insert(rentals).values({ userId: renter.user._id, titleId: rented.id, startBy: new Date(Date.now() + 30 * day) });
});
afterAll(() => ctx.close());

const movie = async (slug: string, session?: Session): Promise<Movie> =>
  (await ctx.app.inject({ url: `/movie-name/${slug}`, headers: session ? bearer(session) : {} })).json();

describe('entitlement matrix: who gets the full-video url', () => {
  it.each([
    ['anonymous', 'paid', undefined, false],
    ['anonymous', 'free', undefined, true],
    ['logged in', 'paid', 'viewer', false],
    ['logged in', 'free', 'viewer', true],
    ['subscriber', 'paid', 'subscriber', true],
    ['renter, rented title', 'rented', 'renter', true],
    ['renter, another title', 'paid', 'renter', false],
  ] as const)('%s viewer, %s title (session %s): url present = %s', async (_who, slug, who, expected) => {
    const session = who === 'viewer' ? viewer : who === 'subscriber' ? subscriber : who === 'renter' ? renter : undefined;
    const body = await movie(slug, session);
    expect(body.url !== null).toBe(expected);
    if (expected) {
      expect(body.url).toMatch(/^\/media\/s\/\d+\/[\w.-]+\/[\w-]+\/[0-9a-f-]{36}\/master\.m3u8$/);
      expect(body.thumbnails).toMatch(/thumbnails\.vtt$/);
    } else {
      expect(body.thumbnails).toBeNull();
    }
  });

  it('gives everyone the public trailer', async () => {
    expect((await movie('paid')).trailer).toMatch(/^\/media\/videos\/[0-9a-f-]{36}\/master\.m3u8$/);
    expect((await movie('free')).trailer).toBeNull();
  });

  it("binds the link to the viewer's session", async () => {
    expect((await movie('free')).url).toContain('/anonymous/');
    // With the title's rating, which the profile watching must allow.
    expect((await movie('free', viewer)).url).toContain(`/${await sessionIdOf(ctx, viewer)}.r13/`);
  });

  it('signs episode links for a subscriber only', async () => {
    const get = async (s?: Session): Promise<Series> =>
      (await ctx.app.inject({ url: '/series-name/show', headers: s ? bearer(s) : {} })).json();
    expect((await get(viewer)).episodes[0]?.url).toBeNull();
    expect((await get(subscriber)).episodes[0]?.url).toMatch(/master\.m3u8$/);
  });

  it('never shows a disabled title', async () => {
    expect((await ctx.app.inject({ url: '/movie-name/hidden', headers: bearer(subscriber) })).statusCode).toBe(404);
  });

  it('reports subscription status', async () => {
    const status = async (s: Session) => (await ctx.app.inject({ url: '/user/subscription-status', headers: bearer(s) })).json();
    expect(await status(subscriber)).toMatchObject({ subscriptionValid: true, plan: 'Monthly', validUntil: expect.any(String) });
    expect(await status(viewer)).toEqual({ subscriptionValid: false, plan: null, validUntil: null });
    expect((await ctx.app.inject('/user/subscription-status')).statusCode).toBe(401);
  });
});
