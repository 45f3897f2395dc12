import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Movie } from '@marquee/contract';
import { createTestContext, type TestContext } from '../../../test/test-app';
import { thirdPartyFeeds, thirdPartyItems, titles } from '../../db/schema';
import { mediaStoreFromConfig } from '../../storage/store-from-config';
import { MAX_FEED_BYTES, MAX_IMAGE_BYTES } from './feed-fetcher';
import { syncFeed, syncFeeds, type SyncDeps } from './feed-sync.service';
import { feedXml, memoryLog, startPartnerServer } from './partner-feed.test-support';

/** A service on our own network that a partner's URLs must never reach; it counts who tried. */
async function startInternalService() {
  const requests: string[] = [];
  const png = await sharp({ create: { width: 220, height: 320, channels: 3, background: '#ff0000' } }).png().toBuffer();
  const server = createServer((req, res) => {
    requests.push(req.url ?? '');
    if (req.url?.endsWith('.xml')) return void res.writeHead(200, { 'content-type': 'application/rss+xml' }).end(feedXml([{ guid: 'i-1', title: 'Internal' }], 'http://127.0.0.1'));
    res.writeHead(200, { 'content-type': 'image/png' }).end(png);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return { requests, port, origin: `http://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const HOSTILE_FEED = `<?xml version="1.0"?>
<!DOCTYPE rss [<!ENTITY secret SYSTEM "file:///etc/passwd">]>
<rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/"><channel><title>&secret;</title>
<item><guid>h-1</guid><title>Hostile</title><media:content url="https://cdn.example/h.m3u8"/></item>
</channel></rss>`;

describe('partner feeds that try to hurt us', () => {
  let ctx: TestContext;
  let partner: Awaited<ReturnType<typeof startPartnerServer>>;
  let internal: Awaited<ReturnType<typeof startInternalService>>;
  let deps: SyncDeps & { log: ReturnType<typeof memoryLog> };
  const northlight = () => ({ name: 'Northlight', url: partner.feedUrl });
  const feedRow = async (name: string) => (await ctx.db.select().from(thirdPartyFeeds).where(eq(thirdPartyFeeds.name, name)))[0];
  const titleOf = async (guid: string) =>
    (await ctx.db.select({ title: titles }).from(thirdPartyItems).innerJoin(titles, eq(titles.id, thirdPartyItems.titleId)).where(eq(thirdPartyItems.guid, guid)))[0]?.title;
  const warnings = () => deps.log.entries.filter((e) => e.level === 'warn').map((e) => String(e.fields.error ?? ''));

  beforeAll(async () => {
    partner = await startPartnerServer();
    internal = await startInternalService();
    // Only the partner is allowed on loopback; the internal service stands for our own network.
    ctx = await createTestContext({ THIRD_PARTY_ALLOWED_ORIGINS: partner.origin });
  });
  afterAll(async () => {
    await partner.close();
    await internal.close();
    await ctx.close();
  });
  beforeEach(async () => {
    deps = { db: ctx.db, store: mediaStoreFromConfig(ctx.config), log: memoryLog(), allowedOrigins: ctx.config.thirdParty.allowedOrigins };
    partner.state.routes.clear();
    internal.requests.length = 0;
    await ctx.db.delete(titles).where(eq(titles.isThirdParty, true));
    await ctx.db.delete(thirdPartyFeeds);
  });

  it('fails a feed with an external entity alone: it records why, and the next feed is synced', async () => {
    partner.state.routes.set('/hostile.xml', { status: 200, headers: { 'content-type': 'application/rss+xml' }, body: HOSTILE_FEED });
    partner.publish([{ guid: 'n-1', title: 'Harbour Lights' }]);
    const outcomes = await syncFeeds(deps, [{ name: 'Hostile', url: `${partner.origin}/hostile.xml` }, northlight()]);
    expect(outcomes).toMatchObject([
      { feed: 'Hostile', status: 'failed', error: expect.stringMatching(/External entities are not supported/) },
      { feed: 'Northlight', status: 'imported', added: 1 },
    ]);
    expect((await feedRow('Hostile'))!.lastError).toMatch(/unusable XML: External entities/);
    expect((await feedRow('Northlight'))!.lastError).toBeNull();
    expect((await titleOf('n-1'))!.name).toBe('Harbour Lights');
  });

  it('never fetches artwork from a loopback address: the item imports with a drawn card', async () => {
    partner.publish([{ guid: 's-1', title: 'Inside Job', thumbnails: [`${internal.origin}/admin/secret.png`] }]);
    expect(await syncFeed(deps, northlight())).toMatchObject({ status: 'imported', added: 1 });
    expect(internal.requests).toEqual([]);
    expect((await titleOf('s-1'))!.verticalBanner).toMatch(/-card-poster\.webp$/);
    expect(warnings()).toContainEqual(expect.stringMatching(/refused .*127\.0\.0\.1 is a loopback address/));
  });

  it('refuses a host name that resolves to loopback, checked after DNS', async () => {
    partner.publish([{ guid: 's-2', title: 'By Name', thumbnails: [`http://localhost:${internal.port}/secret.png`] }]);
    expect(await syncFeed(deps, northlight())).toMatchObject({ status: 'imported', added: 1 });
    expect(internal.requests).toEqual([]);
    expect(warnings()).toContainEqual(expect.stringMatching(/refused http:\/\/localhost:\d+\/secret\.png: localhost is a loopback address/));
  });

  it("follows the partner's redirects, but not one that leads to a private address", async () => {
    partner.state.routes.set('/img/moved-poster.png', { status: 301, headers: { location: '/img/r-1-poster.png' } });
    partner.state.routes.set('/img/sneaky.png', { status: 302, headers: { location: `${internal.origin}/metadata.png` } });
    partner.publish([
      { guid: 'r-1', title: 'Moved', thumbnails: [`${partner.origin}/img/moved-poster.png`] },
      { guid: 'r-2', title: 'Sneaky', thumbnails: [`${partner.origin}/img/sneaky.png`] },
    ]);
    expect(await syncFeed(deps, northlight())).toMatchObject({ status: 'imported', added: 2 });
    expect((await titleOf('r-1'))!.verticalBanner).not.toMatch(/-card-/);
    expect((await titleOf('r-2'))!.verticalBanner).toMatch(/-card-poster\.webp$/);
    expect(internal.requests).toEqual([]);
    expect(partner.state.requests.map((r) => r.url)).toContain('/img/sneaky.png');
  });

  it('gives up after five redirects', async () => {
    partner.state.routes.set('/loop.xml', { status: 302, headers: { location: '/loop.xml' } });
    expect(await syncFeed(deps, { name: 'Loop', url: `${partner.origin}/loop.xml` })).toMatchObject({ status: 'failed', error: expect.stringMatching(/more than 5 redirects/) });
    expect(partner.state.requests.filter((r) => r.url === '/loop.xml')).toHaveLength(6);
  });

  it('refuses a feed on a private address that is not allowed, and records why', async () => {
    const outcomes = await syncFeeds(deps, [{ name: 'Internal', url: `${internal.origin}/feed.xml` }]);
    expect(outcomes).toMatchObject([{ status: 'failed', error: expect.stringMatching(/loopback address .*THIRD_PARTY_ALLOWED_ORIGINS/) }]);
    expect(internal.requests).toEqual([]);
    expect((await feedRow('Internal'))!.lastError).toMatch(/refused/);
  });

  it('cuts what a partner writes to the lengths an editor may, and serves no more', async () => {
    const megabyte = 'A very long description. '.repeat(42_000);
    const categories = Array.from({ length: 50 }, (_, i) => `Collection ${i}`);
    partner.publish([{ guid: 'c-1', title: `Endless ${'and on '.repeat(200)}`, description: megabyte, categories }]);
    expect(megabyte.length).toBeGreaterThan(1024 * 1024);
    expect(await syncFeed(deps, northlight())).toMatchObject({ status: 'imported', added: 1 });
    const title = (await titleOf('c-1'))!;
    expect(title.name.length).toBeLessThanOrEqual(120);
    expect(title.name).toMatch(/^Endless and on .*…$/);
    expect(title.description.length).toBeLessThanOrEqual(5000);
    const movie: Movie = (await ctx.app.inject(`/partners/title/${title.slug}`)).json();
    expect(movie.description.length).toBeLessThanOrEqual(5000);
    const [item] = await ctx.db.select().from(thirdPartyItems).where(eq(thirdPartyItems.guid, 'c-1'));
    expect(item!.collections).toHaveLength(12);
  });

  it('refuses a feed document over the size limit and keeps the catalogue', async () => {
    partner.publish([{ guid: 'k-1', title: 'Kept' }]);
    await syncFeed(deps, northlight());
    partner.state.routes.set('/huge.xml', { status: 200, headers: { 'content-type': 'application/rss+xml' }, body: Buffer.alloc(MAX_FEED_BYTES + 1, 32) });
    expect(await syncFeed(deps, { name: 'Northlight', url: `${partner.origin}/huge.xml` })).toMatchObject({ status: 'failed', error: expect.stringContaining(`over the ${MAX_FEED_BYTES}-byte limit`) });
    expect((await titleOf('k-1'))!.isEnable).toBe(true);
  });

  it('does not store artwork over the size limit', async () => {
    partner.state.routes.set('/img/huge.png', { status: 200, headers: { 'content-type': 'image/png' }, body: Buffer.alloc(MAX_IMAGE_BYTES + 1) });
    partner.publish([{ guid: 'b-1', title: 'Big Picture', thumbnails: [`${partner.origin}/img/huge.png`] }]);
    expect(await syncFeed(deps, northlight())).toMatchObject({ status: 'imported', added: 1 });
    expect((await titleOf('b-1'))!.verticalBanner).toMatch(/-card-poster\.webp$/);
    expect(warnings()).toContainEqual(expect.stringMatching(/over the 8388608-byte limit/));
  });
});
