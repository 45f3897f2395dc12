import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CategoryData, Movie, RowItem, SearchResult, Session, WatchlistEntry } from '@marquee/contract';
import { createTestContext, type TestContext } from '../../../test/test-app';
import { fixtures } from '../../../test/fixtures';
import { bearer, signIn } from '../../../test/sign-in';
import { subscriptions, titles } from '../../db/schema';
import { mediaStoreFromConfig } from '../../storage/store-from-config';
import { syncFeed, type SyncDeps } from './feed-sync.service';
import { memoryLog, startPartnerServer, type PartnerItem } from './partner-feed.test-support';

const items: PartnerItem[] = [
  { guid: 'a', title: 'Harbour Lights', categories: ['Documentaries'], pubDate: 'Mon, 05 Jan 2026 10:00:00 GMT', trailerUrl: 'https://cdn.partner.example/a/trailer.mp4' },
  { guid: 'b', title: 'Glass Orchard', categories: ['Dramas'], pubDate: 'Tue, 06 Jan 2026 10:00:00 GMT', price: true, trailerUrl: 'https://cdn.partner.example/b/trailer.mp4' },
  { guid: 'c', title: 'The Long Swim', categories: ['Documentaries', 'Sport'], pubDate: 'Wed, 07 Jan 2026 10:00:00 GMT' },
  { guid: 'd', title: 'Tidewater', categories: ['Documentaries'], pubDate: 'Thu, 08 Jan 2026 10:00:00 GMT' },
];

let ctx: TestContext;
let partner: Awaited<ReturnType<typeof startPartnerServer>>;
let deps: SyncDeps;
let viewer: Session;
let subscriber: Session;

beforeAll(async () => {
  partner = await startPartnerServer();
  ctx = await createTestContext({ THIRD_PARTY_ALLOWED_ORIGINS: partner.origin });
  partner.publish(items);
  deps = { db: ctx.db, store: mediaStoreFromConfig(ctx.config), log: memoryLog(), allowedOrigins: ctx.config.thirdParty.allowedOrigins };
  await syncFeed(deps, { name: 'Northlight', url: partner.feedUrl });
  // A main-catalogue movie with the same word in its name, for search.
  await fixtures(ctx.db).title({ name: 'Harbour Master', slug: 'harbour-master' });
  viewer = await signIn(ctx, { email: 'viewer@example.com' });
  subscriber = await signIn(ctx, { email: 'subscriber@example.com' });
  const plan = await fixtures(ctx.db).plan({ title: 'Monthly', priceCents: 999, validityDays: 30 });
  await ctx.db.insert(subscriptions).values({ userId: subscriber.user._id, planId: plan.id, startsAt: new Date(Date.now() - 1000), endsAt: new Date(Date.now() + 86_400_000) });
});
afterAll(async () => {
  await partner.close();
  await ctx.close();
});

describe('GET /partners/homepage', () => {
  it('has banners of the newest titles and a row per collection, largest first', async () => {
    const res = await ctx.app.inject('/partners/homepage');
    expect(res.statusCode).toBe(200);
    const home: CategoryData = res.json();
    expect(home.banners.map((b) => b.link.item.name)).toEqual(['Tidewater', 'The Long Swim', 'Glass Orchard', 'Harbour Lights']);
    expect(home.banners[2]).toMatchObject({ origin: 'Video', video: 'https://cdn.partner.example/b/trailer.mp4' });
    expect(home.banners[0]).toMatchObject({ origin: 'Image', video: null });
    expect(home.subcategories.map((r) => [r.name, r.imageType, r.content.map((e) => e.item.name)])).toEqual([
      ['Just Added', 'Horizontal', ['Tidewater', 'The Long Swim', 'Glass Orchard', 'Harbour Lights']],
      ['Documentaries', 'Vertical', ['Tidewater', 'The Long Swim', 'Harbour Lights']],
      ['Dramas', 'Vertical', ['Glass Orchard']],
      ['Sport', 'Vertical', ['The Long Swim']],
    ]);
    expect(home.subcategories[1]!.content[0]!.item.genres.map((g) => g.name)).toEqual(['Documentaries']);
  });

  it('is read in three queries: the newest titles, the collections, their genres', async () => {
    ctx.queries.length = 0;
    expect((await ctx.app.inject('/partners/homepage')).statusCode).toBe(200);
    expect(ctx.queries).toHaveLength(3);
  });

  it("badges each card with the viewer's access, in at most two more queries (plus the session)", async () => {
    const badges = async (headers = {}) => {
      ctx.queries.length = 0;
      const home: CategoryData = (await ctx.app.inject({ url: '/partners/homepage', headers })).json();
      return { queries: ctx.queries.length, access: Object.fromEntries(home.subcategories[0]!.content.map((e) => [e.item.name, e.item.access])) };
    };
    expect((await badges()).access).toEqual({
      Tidewater: { kind: 'free' },
      'The Long Swim': { kind: 'free' },
      'Glass Orchard': { kind: 'rent', price: 2.99 },
      'Harbour Lights': { kind: 'free' },
    });
    const subscribed = await badges(bearer(subscriber));
    expect(subscribed.access['Glass Orchard']).toEqual({ kind: 'included' });
    expect(subscribed.queries).toBeLessThanOrEqual(3 + 3);
  });

  it('does not mix partner titles into the main catalogue', async () => {
    expect((await ctx.app.inject('/movie-name/harbour-lights')).statusCode).toBe(404);
  });
});

describe('GET /partners/title/:slug', () => {
  it("gives the partner's stream for a free title to anyone", async () => {
    const movie: Movie = (await ctx.app.inject('/partners/title/harbour-lights')).json();
    expect(movie).toMatchObject({
      name: 'Harbour Lights',
      isFree: true,
      url: 'https://cdn.partner.example/a/master.m3u8',
      trailer: 'https://cdn.partner.example/a/trailer.mp4',
      duration: 60,
      releaseYear: 2026,
      cast: [{ name: 'Ada Lovelace', role: 'director' }],
    });
    expect(movie.cast[0]!.image).toMatch(/^\/media\/third-party\/people\/.+\.webp$/);
  });

  it('keeps the stream of a subscription title for subscribers; others get the trailer', async () => {
    const anonymous: Movie = (await ctx.app.inject('/partners/title/glass-orchard')).json();
    expect(anonymous).toMatchObject({ isFree: false, rentPrice: 2.99, access: { kind: 'rent', price: 2.99 }, url: null, trailer: 'https://cdn.partner.example/b/trailer.mp4' });
    const signedIn: Movie = (await ctx.app.inject({ url: '/partners/title/glass-orchard', headers: bearer(viewer) })).json();
    expect(signedIn).toMatchObject({ url: null, access: { kind: 'rent', price: 2.99 } });
    const subscribed: Movie = (await ctx.app.inject({ url: '/partners/title/glass-orchard', headers: bearer(subscriber) })).json();
    expect(subscribed).toMatchObject({ url: 'https://cdn.partner.example/b/master.m3u8', access: { kind: 'included' } });
  });

  it('answers 404 for an unknown slug and 400 for a malformed one', async () => {
    const missing = await ctx.app.inject('/partners/title/no-such-title');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Third-party title not found');
    expect((await ctx.app.inject('/partners/title/Not%20A%20Slug')).statusCode).toBe(400);
  });
});

describe('GET /partners/similar/:id', () => {
  it('lists titles of the same partner sharing the most collections', async () => {
    const swim: Movie = (await ctx.app.inject('/partners/title/the-long-swim')).json();
    const similar: RowItem[] = (await ctx.app.inject({ url: `/partners/similar/${swim._id}`, headers: bearer(subscriber) })).json();
    expect(similar.map((s) => [s.name, s.access?.kind])).toEqual([['Tidewater', 'free'], ['Harbour Lights', 'free'], ['Glass Orchard', 'included']]);
  });

  it('answers 404 for a main-catalogue title and 400 for a malformed id', async () => {
    const [main] = await ctx.db.select().from(titles).where(eq(titles.slug, 'harbour-master'));
    expect((await ctx.app.inject(`/partners/similar/${main!.id}`)).statusCode).toBe(404);
    expect((await ctx.app.inject('/partners/similar/42')).statusCode).toBe(400);
  });
});

describe('search and watchlist', () => {
  it('returns partner titles under their own key, not among movies', async () => {
    const result: SearchResult = (await ctx.app.inject('/search/harbour')).json();
    expect(result.movies.map((m) => m.name)).toEqual(['Harbour Master']);
    expect(result.thirdParty.map((m) => m.name)).toEqual(['Harbour Lights']);
  });

  it("adds a partner title with type 'third-party', refuses another type, and keeps it across a disable", async () => {
    const tide: Movie = (await ctx.app.inject('/partners/title/tidewater')).json();
    const wrong = await ctx.app.inject({ method: 'PUT', url: '/user/watchlist', headers: bearer(viewer), payload: { id: tide._id, type: 'movie' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe("type must be 'third-party' for this title");
    const added = await ctx.app.inject({ method: 'PUT', url: '/user/watchlist', headers: bearer(viewer), payload: { id: tide._id, type: 'third-party' } });
    expect(added.statusCode).toBe(200);
    const list = async (): Promise<WatchlistEntry[]> => (await ctx.app.inject({ url: '/user/watchlist', headers: bearer(viewer) })).json();
    expect((await list()).map((e) => [e.kind, e.item.slug])).toEqual([['third-party', 'tidewater']]);

    // The partner drops it: hidden, not deleted; it comes back with the entry intact.
    partner.publish(items.filter((i) => i.guid !== 'd'));
    await syncFeed(deps, { name: 'Northlight', url: partner.feedUrl });
    expect(await list()).toEqual([]);
    partner.publish(items);
    await syncFeed(deps, { name: 'Northlight', url: partner.feedUrl });
    expect((await list()).map((e) => e.item.slug)).toEqual(['tidewater']);
  });
});

describe('content security policy', () => {
  it("lets pages play from the partners' media origins", async () => {
    // The pages' policy (plugins/security-headers.test.ts: every page is sent with it).
    const csp = ctx.app.securityHeaders.page['content-security-policy']!;
    // By default, the origins of the configured feeds (here the demo partner's on this server).
    expect(ctx.config.thirdParty.mediaOrigins).not.toEqual([]);
    for (const origin of ctx.config.thirdParty.mediaOrigins) {
      expect(csp).toMatch(new RegExp(`media-src [^;]*${origin.replace(/[.:/]/g, '\\$&')}`));
      expect(csp).toMatch(new RegExp(`connect-src [^;]*${origin.replace(/[.:/]/g, '\\$&')}`));
    }
  });
});
