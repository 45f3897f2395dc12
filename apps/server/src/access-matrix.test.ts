import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, buildPath, type Api, type ApiName, type Session } from '@marquee/contract';
import { billingClient } from './modules/billing/billing.test-support';
import { createTestContext, type TestContext } from '../test/test-app';
import { fixtures, mediaAsset } from '../test/fixtures';
import { bearer, signIn } from '../test/sign-in';

/**
 * The access matrix: every route that acts on a viewer's own data × (owner, another viewer,
 * anonymous). The list comes from the contract registry: a new bearer route fails this test (and
 * the type check) until it is classified below; a new optional route must be named too.
 */
type BearerName = { [K in ApiName]: Api[K] extends { auth: 'bearer' } ? K : never }[ApiName];
type OptionalName = { [K in ApiName]: Api[K] extends { auth: 'optional' } ? K : never }[ApiName];

/** A call as one endpoint: path parameters and body naming the owner's own things. */
interface Call {
  params?: Record<string, string>;
  body?: unknown;
}

/**
 * How each viewer-owned route is called with the owner's things. `read`: the answer is the
 * caller's own data (another viewer must see none of the owner's). `write`: acts on the caller's
 * own account or on the owner's thing named in the call (another viewer must change nothing of the owner's).
 */
const owned: Record<BearerName, { kind: 'read' | 'write'; call: (o: Owner) => Call }> = {
  logout: { kind: 'write', call: () => ({}) },
  profile: { kind: 'read', call: () => ({}) },
  updateProfile: { kind: 'write', call: () => ({ body: { name: 'Someone Else' } }) },
  updateImage: { kind: 'write', call: () => ({}) },
  watchlist: { kind: 'read', call: () => ({}) },
  watchlistMembership: { kind: 'read', call: (o) => ({ params: { id: o.titleId } }) },
  watchlistAdd: { kind: 'write', call: (o) => ({ body: { id: o.otherTitleId, type: 'movie' } }) },
  watchlistRemove: { kind: 'write', call: (o) => ({ body: { id: o.titleId } }) },
  notifications: { kind: 'read', call: () => ({}) },
  unreadNotifications: { kind: 'read', call: () => ({}) },
  markNotificationRead: { kind: 'write', call: (o) => ({ params: { id: o.notificationId } }) },
  createPaymentOrder: { kind: 'write', call: (o) => ({ body: { purpose: 'rental', type: 'Movie', movieId: o.otherTitleId } }) },
  approveSandboxOrder: { kind: 'write', call: (o) => ({ params: { orderId: o.openOrderId }, body: {} }) },
  buySubscription: { kind: 'write', call: (o) => ({ body: { subscriptionId: o.planId, orderId: o.openOrderId } }) },
  updateSubscription: { kind: 'write', call: (o) => ({ body: { subscriptionId: o.planId, orderId: o.openOrderId } }) },
  otherSubscriptions: { kind: 'read', call: () => ({}) },
  rent: { kind: 'write', call: (o) => ({ body: { type: 'Movie', movieId: o.otherTitleId, orderId: o.openOrderId } }) },
  rented: { kind: 'read', call: () => ({}) },
  subscriptionStatus: { kind: 'read', call: () => ({}) },
  saveProgress: { kind: 'write', call: (o) => ({ body: { titleId: o.titleId, position: 1, duration: 100 } }) },
  continueWatching: { kind: 'read', call: () => ({}) },
  continueWatchingRemove: { kind: 'write', call: (o) => ({ body: { id: o.titleId } }) },
  streams: { kind: 'read', call: () => ({}) },
  stopStream: { kind: 'write', call: (o) => ({ params: { id: o.streamId } }) },
  profiles: { kind: 'read', call: () => ({}) },
  profileCreate: { kind: 'write', call: () => ({ body: { name: 'Kid' } }) },
  profileEdit: { kind: 'write', call: (o) => ({ params: { id: o.profileId }, body: { name: 'Renamed' } }) },
  profileDelete: { kind: 'write', call: (o) => ({ params: { id: o.profileId } }) },
  profileSelect: { kind: 'write', call: (o) => ({ params: { id: o.profileId }, body: {} }) },
  profilePin: { kind: 'write', call: () => ({ body: { pin: '1234' } }) },
  profileLanguages: { kind: 'write', call: () => ({ body: { audioLanguage: 'fr' } }) },
};

/** Routes anyone may call, whose answer a session only personalises (badges, links, resume points). */
const personalised: Record<OptionalName, true> = {
  categoryData: true,
  movie: true,
  series: true,
  similarMovies: true,
  similarSeries: true,
  search: true,
  thirdPartyHomepage: true,
  thirdPartyMovie: true,
  thirdPartySimilar: true,
  playbackLink: true,
};

interface Owner {
  session: Session;
  titleId: string;
  titleSlug: string;
  otherTitleId: string;
  planId: string;
  notificationId: string;
  profileId: string;
  /** An order created and approved but not yet used: another viewer must not spend it. */
  openOrderId: string;
  /** The stream slot the owner's rented film holds while it plays. */
  streamId: string;
}

let ctx: TestContext;
let owner: Owner;
let other: Session;

beforeAll(async () => {
  ctx = await createTestContext({ LOGIN_LIMIT_PER_IP: '1000' });
  const make = fixtures(ctx.db);
  const pay = billingClient(ctx);
  const video = await mediaAsset(ctx, 'private');
  const film = await make.title({ slug: 'owned-film', rentPriceCents: 399, videoAssetId: video.id });
  const another = await make.title({ slug: 'another-film', rentPriceCents: 299 });
  const plan = await make.plan({ title: 'Monthly', priceCents: 999, validityDays: 30 });
  const session = await signIn(ctx, { email: 'owner@example.com', name: 'Olive Owner' });
  other = await signIn(ctx, { email: 'other@example.com', name: 'Otto Other' });

  const rentalOrder = await pay.orderId(session, { purpose: 'rental', type: 'Movie', movieId: film.id });
  await pay.approve(session, rentalOrder);
  expect((await pay.rent(session, { type: 'Movie', movieId: film.id, orderId: rentalOrder })).statusCode).toBe(200);
  const openOrderId = await pay.orderId(session, { purpose: 'subscription', subscriptionId: plan.id });
  await pay.approve(session, openOrderId);
  const as = (url: string, method: 'GET' | 'PUT' = 'GET', payload?: object) => ctx.app.inject({ method, url, headers: bearer(session), payload });
  expect((await as('/user/watchlist', 'PUT', { id: film.id, type: 'movie' })).statusCode).toBe(200);
  expect((await as('/user/progress', 'PUT', { titleId: film.id, position: 600, duration: 6000 })).statusCode).toBe(200);
  const list = (await as('/user/notification')).json() as { _id: string }[];
  const { streamId } = (await as(`/user/playback-link/${video.id}`)).json() as { streamId: string };
  const profileId = ((await as('/user/profiles')).json() as { current: string }).current;
  owner = { session, titleId: film.id, titleSlug: film.slug, otherTitleId: another.id, planId: plan.id, notificationId: list[0]!._id, profileId, openOrderId, streamId };
});
afterAll(() => ctx.close());

function request(name: ApiName, call: Call, session?: Session) {
  const endpoint = api[name];
  return ctx.app.inject({
    method: endpoint.method,
    url: buildPath(endpoint.path, call.params),
    headers: session ? bearer(session) : {},
    ...(call.body !== undefined ? { payload: call.body as object } : {}),
  });
}

/** Everything the owner can read of their own: it must come out of another viewer's calls unchanged. */
async function ownerState(): Promise<string> {
  const reads = (Object.keys(owned) as BearerName[]).filter((name) => owned[name].kind === 'read');
  const answers = await Promise.all(reads.map(async (name) => [name, (await request(name, owned[name].call(owner), owner.session)).json()]));
  return JSON.stringify(answers);
}

/** What identifies the owner's data in any answer. */
const ownerMarkers = () => [owner.session.user._id, owner.session.token, 'owner@example.com', 'Olive Owner', owner.notificationId, owner.profileId, owner.openOrderId];

describe('the access matrix', () => {
  it('classifies every route of the contract that takes a session', () => {
    const unclassified = (Object.keys(api) as ApiName[]).filter((name) => {
      const auth = (api[name] as { auth?: string }).auth;
      if (auth === 'bearer') return !(name in owned);
      if (auth === 'optional') return !(name in personalised);
      return false;
    });
    expect(unclassified, 'classify these routes in access-matrix.test.ts').toEqual([]);
  });

  it('anonymous: every viewer-owned route answers 401 and changes nothing', async () => {
    const before = await ownerState();
    for (const name of Object.keys(owned) as BearerName[]) {
      const res = await request(name, owned[name].call(owner));
      expect(res.statusCode, name).toBe(401);
      expect(res.json().message, name).toMatch(/sign in/i);
    }
    expect(await ownerState()).toBe(before);
  });

  it("another viewer: reads show none of the owner's data, writes change none of it", async () => {
    const before = await ownerState();
    expect(before, 'the owner has data for the matrix to protect').toContain(owner.notificationId);
    // Reads first, then writes, with logout last: each call as the other viewer, naming the owner's things.
    const names = (Object.keys(owned) as BearerName[]).sort((a, b) => Number(a === 'logout') - Number(b === 'logout'));
    for (const name of names) {
      const res = await request(name, owned[name].call(owner), other);
      expect(res.statusCode, `${name} answers the other viewer without a server error`).toBeLessThan(500);
      for (const marker of ownerMarkers()) expect(res.body, `${name} leaks the owner's ${marker}`).not.toContain(marker);
    }
    expect(await ownerState()).toBe(before);
  });

  it("another viewer cannot spend, approve or read the owner's payment order, nor mark their notification read", async () => {
    const intruder = await signIn(ctx, { email: 'intruder@example.com' });
    const spend = await request('buySubscription', owned.buySubscription.call(owner), intruder);
    expect(spend.statusCode).toBeGreaterThanOrEqual(400);
    expect((await request('rent', owned.rent.call(owner), intruder)).statusCode).toBeGreaterThanOrEqual(400);
    expect((await request('approveSandboxOrder', owned.approveSandboxOrder.call(owner), intruder)).statusCode).toBeGreaterThanOrEqual(400);
    expect((await request('markNotificationRead', owned.markNotificationRead.call(owner), intruder)).statusCode).toBe(404);
    expect((await request('subscriptionStatus', {}, intruder)).json()).toMatchObject({ subscriptionValid: false });
  });

  it("personalised pages give another viewer and anonymous none of the owner's resume point or links", async () => {
    const movie = (session?: Session) => request('movie', { params: { name: owner.titleSlug } }, session);
    const own = (await movie(owner.session)).json();
    expect(own.url).toMatch(/^\/media\/s\//);
    expect(own.resume).toMatchObject({ position: 600 });
    for (const viewer of [other, undefined]) {
      const answer = (await movie(viewer)).json();
      expect(answer.url).toBeNull();
      expect(answer.resume).toBeNull();
    }
  });

  it('owner: every viewer-owned route lets the owner through', async () => {
    // A second session of the owner's, so signing out ends only that one.
    const second = await signIn(ctx, { email: 'owner@example.com' });
    for (const name of Object.keys(owned) as BearerName[]) {
      const res = await request(name, owned[name].call(owner), name === 'logout' ? second : owner.session);
      expect([401, 403], `${name}: ${res.body}`).not.toContain(res.statusCode);
      expect(res.statusCode, name).toBeLessThan(500);
      if (owned[name].kind === 'read') expect(res.statusCode, name).toBe(200);
    }
    expect((await request('profile', {}, owner.session)).statusCode).toBe(200);
    expect((await request('profile', {}, second)).statusCode).toBe(401);
  });
});
