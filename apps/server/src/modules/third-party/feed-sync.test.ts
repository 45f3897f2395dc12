import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/test-app';
import { thirdPartyFeeds, thirdPartyItems, titles } from '../../db/schema';
import { mediaStoreFromConfig } from '../../storage/store-from-config';
import { syncFeed, syncFeeds, type SyncDeps } from './feed-sync.service';
import { memoryLog, startPartnerServer, type PartnerItem } from './partner-feed.test-support';

const catalogue: PartnerItem[] = [
  { guid: 'p-1', title: 'Harbour Lights', categories: ['Documentaries'], pubDate: 'Mon, 05 Jan 2026 10:00:00 GMT' },
  { guid: 'p-2', title: 'Glass Orchard', categories: ['Dramas'], pubDate: 'Tue, 06 Jan 2026 10:00:00 GMT', price: true },
  { guid: 'p-3', title: 'The Long Swim', categories: ['Documentaries', 'Sport'] },
];

describe('third-party feed sync', () => {
  let ctx: TestContext;
  let partner: Awaited<ReturnType<typeof startPartnerServer>>;
  let deps: SyncDeps & { log: ReturnType<typeof memoryLog> };
  const feed = () => ({ name: 'Northlight', url: partner.feedUrl });
  const partnerTitles = async () =>
    (
      await ctx.db
        .select({ guid: thirdPartyItems.guid, name: titles.name, slug: titles.slug, isEnable: titles.isEnable, isFree: titles.isFree, updatedAt: titles.updatedAt })
        .from(thirdPartyItems)
        .innerJoin(titles, eq(titles.id, thirdPartyItems.titleId))
    ).sort((a, b) => a.guid.localeCompare(b.guid));

  beforeAll(async () => {
    partner = await startPartnerServer();
    // The partner and the closed port 9 are on loopback: allowed explicitly, as an operator would.
    ctx = await createTestContext({ THIRD_PARTY_ALLOWED_ORIGINS: `${partner.origin},http://127.0.0.1:9` });
  });
  afterAll(async () => {
    await partner.close();
    await ctx.close();
  });
  beforeEach(async () => {
    deps = { db: ctx.db, store: mediaStoreFromConfig(ctx.config), log: memoryLog(), allowedOrigins: ctx.config.thirdParty.allowedOrigins };
    partner.state.behaviour = 'normal';
    partner.publish(catalogue);
    // Each test starts from the catalogue as first imported.
    await ctx.db.delete(titles).where(eq(titles.isThirdParty, true));
    await ctx.db.delete(thirdPartyFeeds);
    await syncFeed(deps, feed());
  });

  it('imports every valid item as an enabled title with stored artwork', async () => {
    const rows = await partnerTitles();
    expect(rows.map((r) => [r.guid, r.name, r.slug, r.isEnable, r.isFree])).toEqual([
      ['p-1', 'Harbour Lights', 'harbour-lights', true, true],
      ['p-2', 'Glass Orchard', 'glass-orchard', true, false],
      ['p-3', 'The Long Swim', 'the-long-swim', true, true],
    ]);
    const [title] = await ctx.db.select().from(titles).where(eq(titles.slug, 'harbour-lights'));
    expect(title!.verticalBanner).toMatch(/^\/media\/third-party\/northlight\/.+-poster\.webp$/);
    const res = await ctx.app.inject(title!.verticalBanner);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
  });

  it('sends the validators back and leaves everything alone on 304 Not Modified', async () => {
    const before = await partnerTitles();
    const imagesFetched = partner.state.requests.filter((r) => r.url.startsWith('/img/')).length;
    const outcome = await syncFeed(deps, feed());
    expect(outcome).toEqual({ feed: 'Northlight', status: 'not-modified' });
    expect(partner.state.requests.at(-1)).toMatchObject({ url: '/feed.xml', ifNoneMatch: `"v${partner.state.version}"` });
    expect(await partnerTitles()).toEqual(before);
    expect(partner.state.requests.filter((r) => r.url.startsWith('/img/')).length).toBe(imagesFetched);
  });

  it('does not fetch artwork again for items that did not change', async () => {
    const imagesFetched = partner.state.requests.filter((r) => r.url.startsWith('/img/')).length;
    partner.publish([...catalogue, { guid: 'p-4', title: 'New Arrival' }]);
    const outcome = await syncFeed(deps, feed());
    expect(outcome).toMatchObject({ status: 'imported', added: 1, updated: 0, unchanged: 3, disabled: 0 });
    // Two thumbnails of the one new item.
    expect(partner.state.requests.filter((r) => r.url.startsWith('/img/')).length).toBe(imagesFetched + 2);
  });

  it("fetches artwork again when an item's thumbnails change, and only that item's", async () => {
    const imagesFetched = () => partner.state.requests.filter((r) => r.url.startsWith('/img/')).map((r) => r.url);
    const before = imagesFetched().length;
    const [harbour] = await ctx.db.select().from(titles).where(eq(titles.slug, 'harbour-lights'));
    partner.publish([{ ...catalogue[0]!, thumbnails: [`${partner.origin}/img/p-1-restored-poster.png`] }, ...catalogue.slice(1)]);
    expect(await syncFeed(deps, feed())).toMatchObject({ status: 'imported', updated: 1, unchanged: 2 });
    expect(imagesFetched().slice(before)).toEqual(['/img/p-1-restored-poster.png']);
    const [restored] = await ctx.db.select().from(titles).where(eq(titles.slug, 'harbour-lights'));
    expect(restored!.verticalBanner).not.toBe(harbour!.verticalBanner);
    expect((await ctx.app.inject(restored!.verticalBanner)).statusCode).toBe(200);
  });

  it('disables items that leave the feed, without deleting them, and enables them when they return', async () => {
    partner.publish(catalogue.slice(0, 2));
    expect(await syncFeed(deps, feed())).toMatchObject({ status: 'imported', disabled: 1 });
    expect((await partnerTitles()).map((r) => [r.guid, r.isEnable])).toEqual([
      ['p-1', true],
      ['p-2', true],
      ['p-3', false],
    ]);
    expect((await ctx.app.inject('/partners/title/the-long-swim')).statusCode).toBe(404);

    partner.publish(catalogue);
    await syncFeed(deps, feed());
    expect((await partnerTitles()).every((r) => r.isEnable)).toBe(true);
  });

  it('updates a changed item in place and keeps its slug', async () => {
    partner.publish([{ ...catalogue[0]!, title: 'Harbour Lights (Restored)' }, ...catalogue.slice(1)]);
    expect(await syncFeed(deps, feed())).toMatchObject({ status: 'imported', updated: 1, unchanged: 2 });
    const row = (await partnerTitles()).find((r) => r.guid === 'p-1');
    expect(row).toMatchObject({ name: 'Harbour Lights (Restored)', slug: 'harbour-lights' });
  });

  it('imports the rest when the database refuses an item, and reads the whole feed again next time to retry it', async () => {
    // Ten billion cents do not fit the price column (a 32-bit integer).
    partner.publish([...catalogue, { guid: 'p-6', title: 'Priceless', price: '99999999.99' }, { guid: 'p-7', title: 'Fine Print' }]);
    expect(await syncFeed(deps, feed())).toMatchObject({ status: 'imported', added: 1, unchanged: 3, failed: 1 });
    expect((await partnerTitles()).map((r) => r.guid)).toEqual(['p-1', 'p-2', 'p-3', 'p-7']);
    expect(deps.log.entries).toContainEqual(expect.objectContaining({ level: 'warn', message: 'third-party feed item not written', fields: expect.objectContaining({ guid: 'p-6' }) }));
    const [row] = await ctx.db.select().from(thirdPartyFeeds);
    expect(row!.lastCounts).toMatchObject({ added: 1, failed: 1 });
    // No validators kept: the next sync is not answered 304, and tries the item again.
    expect(row!.etag).toBeNull();
    expect(await syncFeed(deps, feed())).toMatchObject({ status: 'imported', unchanged: 4, failed: 1 });
    expect(partner.state.requests.filter((r) => r.url === '/feed.xml').at(-1)).toMatchObject({ ifNoneMatch: undefined });
  });

  it('skips an item without a media URL with a logged reason and imports the rest', async () => {
    partner.publish([...catalogue, { guid: 'p-5', title: 'Nothing To Play', mediaUrl: null }]);
    expect(await syncFeed(deps, feed())).toMatchObject({ status: 'imported', skipped: 1, disabled: 0 });
    expect((await partnerTitles()).map((r) => r.guid)).toEqual(['p-1', 'p-2', 'p-3']);
    expect(deps.log.entries).toContainEqual(
      expect.objectContaining({ level: 'warn', fields: expect.objectContaining({ guid: 'p-5', reason: 'no media:content with an HLS or MP4 URL' }) }),
    );
  });

  it('disables the titles of a partner taken out of the configuration, and brings them back with it', async () => {
    await syncFeeds(deps, [{ name: 'Another Partner', url: 'http://127.0.0.1:9/feed.xml' }]);
    expect((await partnerTitles()).every((r) => !r.isEnable)).toBe(true);
    // Put back: retiring forgot the feed's validators, so it is read in full and its titles return.
    await syncFeeds(deps, [feed()]);
    expect((await partnerTitles()).every((r) => r.isEnable)).toBe(true);
  });

  it.each([
    ['a connection that drops half-way through the body', 'cut-off' as const, /broke off/],
    ['a server error', 'error-500' as const, /HTTP 500/],
    ['malformed XML', 'malformed' as const, /malformed XML/],
  ])('leaves the catalogue untouched after %s', async (_, behaviour, error) => {
    const before = await partnerTitles();
    partner.publish(catalogue.slice(0, 1));
    partner.state.behaviour = behaviour;
    const outcome = await syncFeed(deps, feed());
    expect(outcome).toMatchObject({ status: 'failed', error: expect.stringMatching(error) });
    expect(await partnerTitles()).toEqual(before);
    const [row] = await ctx.db.select().from(thirdPartyFeeds);
    expect(row!.lastError).toMatch(error);
  });

  it('keeps the catalogue when the partner cannot be reached at all', async () => {
    const before = await partnerTitles();
    const outcome = await syncFeed(deps, { name: 'Northlight', url: 'http://127.0.0.1:9/feed.xml' });
    expect(outcome).toMatchObject({ status: 'failed', error: expect.stringMatching(/cannot reach/) });
    expect(await partnerTitles()).toEqual(before);
  });

  it('refuses a feed with no valid item rather than disabling the whole catalogue', async () => {
    partner.publish([{ guid: 'x', title: 'Broken', mediaUrl: null }]);
    expect(await syncFeed(deps, feed())).toMatchObject({ status: 'failed', error: 'the feed lists no valid item' });
    expect((await partnerTitles()).every((r) => r.isEnable)).toBe(true);
  });
});
