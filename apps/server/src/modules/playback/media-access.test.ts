import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Movie, PlaybackLink, Session } from '@marquee/contract';
import { rentals, subscriptions } from '../../db/schema';
import { createUrlSigner } from '../../storage/url-signer';
import { revokePayment } from '../billing/grants.service';
import { billingClient, paymentOf } from '../billing/billing.test-support';
import { createTestContext, type TestContext } from '../../../test/test-app';
import { fixtures, mediaAsset } from '../../../test/fixtures';
import { bearer, sessionIdOf, signIn } from '../../../test/sign-in';

/**
 * Every media link × (entitled, another viewer, anonymous, expired, revoked, tampered). Revocation
 * is rental over, subscription over, payment refunded and signed out; the bound is five minutes.
 */
const BOUND_MS = 5 * 60 * 1000;
const INVALID = 'This playback link is invalid or has expired';
/** Every kind of file a signed prefix serves: master and variant playlists, a segment, the thumbnail track and sprite. */
const FILES = ['master.m3u8', '360p/index.m3u8', '360p/segment0.m4s', 'thumbnails.vtt', 'thumbnails.jpg'];

let ctx: TestContext;
let pay: ReturnType<typeof billingClient>;
let make: ReturnType<typeof fixtures>;
let plan: { id: string };
let people = 0;

beforeAll(async () => {
  // Many viewers sign in from one address here.
  ctx = await createTestContext({ LOGIN_LIMIT_PER_IP: '1000' });
  pay = billingClient(ctx);
  make = fixtures(ctx.db);
  plan = await make.plan({ title: 'Monthly', priceCents: 999, validityDays: 30 });
});
afterAll(() => ctx.close());
afterEach(() => {
  vi.useRealTimers();
});

/** A title with its own private package, holding every file kind. */
async function title(input: { isFree?: boolean; kind?: 'movie' | 'series' } = {}) {
  people += 1;
  const asset = await mediaAsset(ctx, 'private');
  const dir = join(ctx.config.privateMediaDir, asset.storagePrefix);
  await writeFile(join(dir, '360p', 'index.m3u8'), '#EXTM3U\n#EXT-X-TARGETDURATION:4\n#EXTINF:4,\nsegment0.m4s\n#EXT-X-ENDLIST\n');
  await writeFile(join(dir, 'thumbnails.vtt'), 'WEBVTT\n\n00:00.000 --> 00:04.000\nthumbnails.jpg#xywh=0,0,160,90\n');
  await writeFile(join(dir, 'thumbnails.jpg'), Buffer.alloc(100, 1));
  if (input.kind === 'series') {
    const series = await make.title({ kind: 'series', slug: `show-${people}`, rentPriceCents: 799 });
    await make.episode({ seriesId: series.id, number: 1, videoAssetId: asset.id });
    return { ...series, assetId: asset.id };
  }
  const movie = await make.title({ slug: `film-${people}`, rentPriceCents: 399, isFree: input.isFree, videoAssetId: asset.id });
  return { ...movie, assetId: asset.id };
}

const viewer = () => {
  people += 1;
  return signIn(ctx, { email: `media-${people}@example.com` });
};

async function renter(movie: { id: string }) {
  const session = await viewer();
  const orderId = await pay.orderId(session, { purpose: 'rental', type: 'Movie', movieId: movie.id });
  expect((await pay.approve(session, orderId)).statusCode).toBe(200);
  expect((await pay.rent(session, { type: 'Movie', movieId: movie.id, orderId })).statusCode).toBe(200);
  return { session, orderId };
}

async function subscriber() {
  const session = await viewer();
  await ctx.db.insert(subscriptions).values({ userId: session.user._id, planId: plan.id, startsAt: new Date(Date.now() - 1000), endsAt: new Date(Date.now() + 86_400_000) });
  return session;
}

const get = (url: string, session?: Session) => ctx.app.inject({ url, headers: session ? bearer(session) : {} });
const movieUrl = async (slug: string, session?: Session) => ((await get(`/movie-name/${slug}`, session)).json() as Movie).url;
const renew = (assetId: string, session?: Session) => get(`/user/playback-link/${assetId}`, session);
const prefixOf = (url: string) => url.replace(/\/master\.m3u8$/, '');

/** The status of every file kind under a signed prefix. */
async function statuses(prefix: string): Promise<number[]> {
  return Promise.all(FILES.map(async (file) => (await get(`${prefix}/${file}`)).statusCode));
}
const all = (status: number) => FILES.map(() => status);

/** Moves the server's clock (Date only: timers, and the database's now(), run on). */
function clockAt(ms: number) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(ms);
}

describe('an entitled viewer', () => {
  it('gets every file under a link bound to their session, living minutes, never hours', async () => {
    const movie = await title();
    const { session } = await renter(movie);
    const url = (await movieUrl(movie.slug, session))!;
    const [, , , expiry, boundTo] = url.split('/');
    expect(Number(expiry) * 1000 - Date.now()).toBeLessThanOrEqual(BOUND_MS);
    // The page's link of a paid title prepares the start (`.p0`; the package here holds no more),
    // and names the title's rating, which the profile watching must allow (`.r13`).
    expect(boundTo).toBe(`${await sessionIdOf(ctx, session)}.p0.r${movie.ageLimit}`);
    expect(await statuses(prefixOf(url))).toEqual(all(200));
  });

  it('renews the link while playing: a new prefix serving the same files, and a later expiry', async () => {
    const movie = await title({ kind: 'series' });
    const session = await subscriber();
    const before = Date.now();
    const res = await renew(movie.assetId, session);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const link: PlaybackLink = res.json();
    expect(link.prefix).toMatch(new RegExp(`^/media/s/\\d+/[^/]+/[^/]+/${movie.assetId}$`));
    expect(Date.parse(link.expiresAt)).toBeGreaterThan(before);
    expect(Date.parse(link.expiresAt) - before).toBeLessThanOrEqual(BOUND_MS);
    expect(await statuses(link.prefix)).toEqual(all(200));
  });

  it('plays a free title signed out, under a signed link that renewal keeps alive', async () => {
    const movie = await title({ isFree: true });
    const url = (await movieUrl(movie.slug))!;
    expect(await statuses(prefixOf(url))).toEqual(all(200));
    const link: PlaybackLink = (await renew(movie.assetId)).json();
    expect(await statuses(link.prefix)).toEqual(all(200));
  });

  it('renews a video several titles share when any of them may be watched (a paid one listed first)', async () => {
    const paid = await title();
    people += 1;
    await make.title({ slug: `free-share-${people}`, isFree: true, videoAssetId: paid.assetId });
    expect((await renew(paid.assetId)).statusCode).toBe(200);
  });
});

describe('another viewer and anonymous', () => {
  it('cannot renew a link to a title they may not watch, and get none on its page', async () => {
    const movie = await title();
    await renter(movie);
    const other = await viewer();
    expect(await movieUrl(movie.slug, other)).toBeNull();
    expect(await movieUrl(movie.slug)).toBeNull();
    const theirs = await renew(movie.assetId, other);
    expect(theirs.statusCode).toBe(403);
    expect(theirs.json().message).toBe('Your access to this title has ended');
    const anonymous = await renew(movie.assetId);
    expect(anonymous.statusCode).toBe(403);
    expect(anonymous.json().message).toBe('Sign in to keep watching');
  });

  it('holding a copied link, lose it when it expires, within the bound', async () => {
    const movie = await title();
    const { session } = await renter(movie);
    const prefix = prefixOf((await movieUrl(movie.slug, session))!);
    // The copy is a bare URL: no session goes with it, so nobody can renew it.
    clockAt(Date.now() + BOUND_MS + 1000);
    expect(await statuses(prefix)).toEqual(all(403));
  });

  it('cannot re-bind a link to their own session', async () => {
    const movie = await title();
    const { session } = await renter(movie);
    const other = await viewer();
    const otherSession = await sessionIdOf(ctx, other);
    const prefix = prefixOf((await movieUrl(movie.slug, session))!).replace(/^(\/media\/s\/\d+\/)[^/]+/, `$1${otherSession}`);
    expect(await statuses(prefix)).toEqual(all(403));
  });

  it('asking for a video no title plays (or a trailer) get 404', async () => {
    const session = await subscriber();
    expect((await renew('00000000-0000-4000-8000-000000000000', session)).statusCode).toBe(404);
    const trailer = await mediaAsset(ctx, 'public');
    await make.title({ slug: `trailer-only-${people}`, trailerAssetId: trailer.id, rentPriceCents: 199 });
    expect((await renew(trailer.id, session)).statusCode).toBe(404);
    expect((await get('/user/playback-link/not-a-uuid', session)).statusCode).toBe(400);
  });
});

describe('expired and tampered links', () => {
  it('refuse an expired link with 403 and no hint, file or not', async () => {
    const movie = await title({ isFree: true });
    const key = (await readFile(join(ctx.config.dataDir, 'secrets', 'media-signing.key'), 'utf8')).trim();
    const expired = createUrlSigner({ keys: [key], ttlMs: -1000 }).prefix({ assetId: movie.assetId, session: 'anonymous' });
    expect(await statuses(expired)).toEqual(all(403));
    expect((await get(`${expired}/no-such-file.m4s`)).json().message).toBe(INVALID);
  });

  it('refuse every tampering: asset, expiry, session, signature; and unsafe files are 404', async () => {
    const movie = await title();
    const other = await title();
    const { session } = await renter(movie);
    const prefix = prefixOf((await movieUrl(movie.slug, session))!);
    const [, , , expiry, boundTo, sig] = prefix.split('/');
    const flipped = `${sig!.slice(0, -1)}${sig!.endsWith('A') ? 'B' : 'A'}`;
    const tampered = [
      prefix.replace(movie.assetId, other.assetId),
      prefix.replace(`/s/${expiry}/`, `/s/${Number(expiry) + 3600}/`),
      prefix.replace(`/${boundTo}/`, '/anonymous/'),
      prefix.replace(`/${sig}/`, `/${flipped}/`),
    ];
    for (const bad of tampered) expect(await statuses(bad), bad).toEqual(all(403));
    expect((await get(`${prefix}/..%2F..%2Fsecrets%2Fmedia-signing.key`)).statusCode).toBe(404);
    expect((await get(`${prefix}/../${other.assetId}/master.m3u8`)).statusCode).not.toBe(200);
  });
});

describe('revoked access: no new file after at most five minutes', () => {
  /** Entitlement ends now: renewal refuses at once and the link in hand dies within the bound. */
  async function expectRevoked(input: { session: Session; assetId: string; prefix: string }) {
    const revokedAt = Date.now();
    const res = await renew(input.assetId, input.session);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Your access to this title has ended');
    clockAt(revokedAt + BOUND_MS);
    expect(await statuses(input.prefix)).toEqual(all(403));
  }

  it('when the rental ends', async () => {
    const movie = await title();
    const { session } = await renter(movie);
    const prefix = prefixOf((await movieUrl(movie.slug, session))!);
    await ctx.db
      .update(rentals)
      .set({ startedAt: new Date(Date.now() - 49 * 3_600_000), expiresAt: new Date(Date.now() - 1000) })
      .where(eq(rentals.userId, session.user._id));
    await expectRevoked({ session, assetId: movie.assetId, prefix });
  });

  it('when the subscription ends', async () => {
    const show = await title({ kind: 'series' });
    const session = await subscriber();
    const link: PlaybackLink = (await renew(show.assetId, session)).json();
    expect(await statuses(link.prefix)).toEqual(all(200));
    await ctx.db.update(subscriptions).set({ endsAt: new Date(Date.now() - 1000) }).where(eq(subscriptions.userId, session.user._id));
    await expectRevoked({ session, assetId: show.assetId, prefix: link.prefix });
  });

  it('when the payment is refunded', async () => {
    const movie = await title();
    const { session, orderId } = await renter(movie);
    const prefix = prefixOf((await movieUrl(movie.slug, session))!);
    expect(await revokePayment({ db: ctx.db, now: () => new Date() }, { payment: await paymentOf(ctx, orderId), reason: 'refund' })).toBe(true);
    await expectRevoked({ session, assetId: movie.assetId, prefix });
  });

  it('when the viewer signs out: at once, for every file', async () => {
    const movie = await title();
    const { session } = await renter(movie);
    const prefix = prefixOf((await movieUrl(movie.slug, session))!);
    expect(await statuses(prefix)).toEqual(all(200));
    expect((await ctx.app.inject({ method: 'POST', url: '/user/logout', headers: bearer(session) })).statusCode).toBe(200);
    expect(await statuses(prefix)).toEqual(all(403));
    expect((await renew(movie.assetId, session)).statusCode).toBe(403);
  });
});
