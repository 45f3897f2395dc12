import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Movie, PlaybackLink, Session } from '@marquee/contract';
import { buildApp } from '../../app';
import { openDatabase, type DatabaseHandle } from '../../db/client';
import { subscriptions } from '../../db/schema';
import { createTestContext, type TestContext } from '../../../test/test-app';
import { fixtures, mediaAsset } from '../../../test/fixtures';
import { bearer, signIn } from '../../../test/sign-in';

// Switching to a kids profile ends, at the next request, every link the session holds for a title
// above the new limit: the player's, the title page's and their renewals. The video here plays for
// a 16+ and a 7+ title, as the demo's clips do, so the file alone cannot decide. On PostgreSQL the
// switch goes through one node and the media requests through another (REDIS_URL, when set, is
// both nodes' too).

const day = 24 * 60 * 60 * 1000;
const PLAYER = '6f1c2b8e-3d4a-4b5c-9e7f-0a1b2c3d4e5f';
const OTHER_PLAYER = '7a2d3c9f-4e5b-4c6d-8f90-1b2c3d4e5f60';

let ctx: TestContext;
let nodeB: { app: FastifyInstance; handle: DatabaseHandle } | null = null;
let videoId: string;
let thriller: { id: string; slug: string };
let cartoon: { id: string; slug: string };
let plan: { id: string };
let people = 0;

beforeAll(async () => {
  ctx = await createTestContext({ LOGIN_LIMIT_PER_IP: '1000' });
  if (ctx.config.database.kind === 'postgres') {
    const handle = await openDatabase({ kind: 'postgres', url: ctx.config.database.url, poolSize: 2 });
    nodeB = { handle, app: await buildApp({ config: ctx.config, db: handle.db }) };
    await nodeB.app.ready();
  }
  const make = fixtures(ctx.db);
  const video = await mediaAsset(ctx, 'private');
  videoId = video.id;
  thriller = await make.title({ name: 'Harbour Murders', slug: 'harbour-murders', ageLimit: 16, videoAssetId: video.id });
  cartoon = await make.title({ name: 'Harbour Pups', slug: 'harbour-pups', ageLimit: 7, videoAssetId: video.id });
  plan = await make.plan({ title: 'Family', priceCents: 999, validityDays: 30, maxStreams: 4 });
});
afterAll(async () => {
  await nodeB?.app.close();
  await nodeB?.handle.close();
  await ctx.close();
});

/** Where media and renewals are asked for: the other node when there is one. */
const media = () => nodeB?.app ?? ctx.app;

async function subscriber(): Promise<Session> {
  people += 1;
  const session = await signIn(ctx, { email: `switch-${people}@example.com` });
  await ctx.db.insert(subscriptions).values({ userId: session.user._id, planId: plan.id, startsAt: new Date(Date.now() - day), endsAt: new Date(Date.now() + day) });
  return session;
}

const get = (app: FastifyInstance, url: string, session?: Session) => app.inject({ url, headers: session ? bearer(session) : {} });
const renew = (session: Session, title: { id: string }, player: string) => get(media(), `/user/playback-link/${videoId}?title=${title.id}&player=${player}`, session);

async function playerLink(session: Session, title: { id: string }, player: string): Promise<string> {
  const res = await renew(session, title, player);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as PlaybackLink).prefix;
}

async function switchToKids(session: Session): Promise<void> {
  const kid = await ctx.app.inject({ method: 'POST', url: '/user/profiles', headers: bearer(session), payload: { name: 'Kid', isKids: true } });
  expect(kid.statusCode, kid.body).toBe(200);
  const selected = await ctx.app.inject({ method: 'POST', url: `/user/profiles/${kid.json()._id}/select`, headers: bearer(session), payload: {} });
  expect(selected.statusCode, selected.body).toBe(200);
}

describe('switching to a kids profile while a 16+ title plays', () => {
  it("stops the player's link, the title page's link and renewals at the next request", async () => {
    const viewer = await subscriber();
    const page = (await get(ctx.app, `/movie-name/${thriller.slug}`, viewer)).json() as Movie;
    const pageLink = page.url!;
    const player = await playerLink(viewer, thriller, PLAYER);
    expect((await get(media(), pageLink)).statusCode).toBe(200);
    expect((await get(media(), `${player}/360p/segment0.m4s`)).statusCode).toBe(200);

    await switchToKids(viewer);

    const segment = await get(media(), `${player}/360p/segment0.m4s`);
    expect(segment.statusCode).toBe(403);
    expect(segment.json().detail).toBe('This title is not available on this profile');
    expect((await get(media(), `${player}/master.m3u8`)).statusCode).toBe(403);
    const pagePlaylist = await get(media(), pageLink);
    expect(pagePlaylist.statusCode).toBe(403);
    expect(pagePlaylist.json().detail).toBe('This title is not available on this profile');
    const renewal = await renew(viewer, thriller, PLAYER);
    expect(renewal.statusCode).toBe(403);
    // What the player shows when it stops (the viewer may not know another tab switched).
    expect(renewal.json().message).toBe('Harbour Murders is rated 16+ and Kid, the profile watching now, may watch titles rated up to 12+. To keep watching, switch to a profile that may watch it.');
  });

  it('keeps a title within the new limit playing, on the same video', async () => {
    const viewer = await subscriber();
    const pageLink = ((await get(ctx.app, `/movie-name/${cartoon.slug}`, viewer)).json() as Movie).url!;
    const player = await playerLink(viewer, cartoon, OTHER_PLAYER);

    await switchToKids(viewer);

    expect((await get(media(), `${player}/360p/segment0.m4s`)).statusCode).toBe(200);
    expect((await get(media(), pageLink)).statusCode).toBe(200);
    const renewed = await playerLink(viewer, cartoon, OTHER_PLAYER);
    expect((await get(media(), `${renewed}/360p/segment0.m4s`)).statusCode).toBe(200);
  });

  it("decides a player's segment in one statement, a kids profile in the household or not", async () => {
    const viewer = await subscriber();
    const player = await playerLink(viewer, cartoon, PLAYER);
    const cost = async () => {
      ctx.queries.length = 0;
      expect((await get(ctx.app, `${player}/360p/segment0.m4s`)).statusCode).toBe(200);
      return ctx.queries.length;
    };
    expect(await cost()).toBe(1);
    await switchToKids(viewer);
    expect(await cost()).toBe(1);
  });
});

// deploy/nginx keeps a node's yes to a link for a few seconds (X-Accel-Expires) and sends that
// link's segments meanwhile without asking: such a yes must never outlive a switch.
describe('behind nginx, with media on a shared disk (MEDIA_ACCEL_REDIRECT)', () => {
  let site: TestContext;
  let late: { id: string };
  let early: { id: string };
  let assetId: string;

  beforeAll(async () => {
    site = await createTestContext({ LOGIN_LIMIT_PER_IP: '1000', MEDIA_ACCEL_REDIRECT: '/_marquee/private-media/' });
    const make = fixtures(site.db);
    assetId = (await mediaAsset(site, 'private')).id;
    late = await make.title({ name: 'Late Show', ageLimit: 16, videoAssetId: assetId });
    early = await make.title({ name: 'Early Show', ageLimit: 7, videoAssetId: assetId });
  });
  afterAll(() => site?.close());

  async function viewer(): Promise<Session> {
    people += 1;
    const session = await signIn(site, { email: `kept-${people}@example.com` });
    const planRow = await fixtures(site.db).plan({ title: `Kept ${people}`, priceCents: 999, validityDays: 30, maxStreams: 4 });
    await site.db.insert(subscriptions).values({ userId: session.user._id, planId: planRow.id, startsAt: new Date(Date.now() - day), endsAt: new Date(Date.now() + day) });
    return session;
  }
  const call = (session: Session, method: 'GET' | 'POST', url: string, payload?: object) => site.app.inject({ method, url, headers: bearer(session), payload });
  /** How long nginx may keep the node's yes to this segment's link (seconds). */
  async function keptFor(session: Session, title: { id: string }): Promise<string | undefined> {
    const link = await call(session, 'GET', `/user/playback-link/${assetId}?title=${title.id}&player=${PLAYER}`);
    expect(link.statusCode, link.body).toBe(200);
    const segment = await site.app.inject(`${(link.json() as PlaybackLink).prefix}/360p/segment0.m4s`);
    expect(segment.headers['x-accel-redirect']).toMatch(/segment0\.m4s$/);
    return segment.headers['x-accel-expires'] as string | undefined;
  }

  it('lets nginx keep a yes only while no profile of the account could stop the title', async () => {
    const session = await viewer();
    expect(await keptFor(session, late)).toBe('5');
    expect((await call(session, 'POST', '/user/profiles', { name: 'Kid', isKids: true })).statusCode).toBe(200);
    // Nobody has switched yet, but a switch could now stop the 16+ title: every segment is asked for.
    expect(await keptFor(session, late)).toBe('0');
    expect(await keptFor(session, early)).toBe('5');
  });

  it('answers a switch to a profile limited moments ago only once a yes kept from before has lapsed', async () => {
    const session = await viewer();
    expect(await keptFor(session, late)).toBe('5');
    const own = (await call(session, 'GET', '/user/profiles')).json().current as string;
    const asked = Date.now();
    const kid = (await call(session, 'POST', '/user/profiles', { name: 'Kid', isKids: true })).json()._id as string;
    expect((await call(session, 'POST', `/user/profiles/${kid}/select`, {})).statusCode).toBe(200);
    // The yes nginx kept before the profile was made lasts 5 s at most; a second more for the trip.
    expect(Date.now() - asked).toBeGreaterThanOrEqual(6_000);
    // A profile limited before any yes nginx may keep now: back and forth, no wait.
    expect((await call(session, 'POST', `/user/profiles/${own}/select`, {})).statusCode).toBe(200);
    const again = Date.now();
    expect((await call(session, 'POST', `/user/profiles/${kid}/select`, {})).statusCode).toBe(200);
    expect(Date.now() - again).toBeLessThan(5_000);
  });
});
