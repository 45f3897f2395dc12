import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CategoryData, Movie } from '@marquee/contract';
import { createTestContext, type TestContext } from '../../../test/test-app';
import { mediaStoreFromConfig } from '../../storage/store-from-config';
import { syncFeed } from '../../modules/third-party/feed-sync.service';
import { memoryLog } from '../../modules/third-party/partner-feed.test-support';

/**
 * The demo media cache `npm start` and the end-to-end runner share (scripts/web-build.mjs): the
 * partner's two clips are encoded once per checkout, not once per run of this file. Encoding is
 * not this file's subject; the transcoding tests never use a cache.
 */
const mediaCacheDir = process.env.MEDIA_CACHE_DIR ?? fileURLToPath(new URL('../../../../../node_modules/.cache/marquee-media', import.meta.url));

/** The demo partner is served by the app itself and ingested over real HTTP, like any partner. */
describe('the demo partner feed', () => {
  let ctx: TestContext;
  let origin: string;
  const log = memoryLog();

  beforeAll(async () => {
    ctx = await createTestContext({ SEED_DEMO: 'true', MEDIA_CACHE_DIR: mediaCacheDir });
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => ctx.close());

  it('imports at least 12 titles in 3 collections and skips its broken item with a reason', async () => {
    const outcome = await syncFeed({ db: ctx.db, store: mediaStoreFromConfig(ctx.config), log, allowedOrigins: [origin] }, { name: 'Lanternfish', url: `${origin}/demo-partner/feed.xml` });
    expect(outcome).toMatchObject({ status: 'imported', added: 13, skipped: 1 });
    expect(log.entries).toContainEqual(expect.objectContaining({ level: 'warn', fields: expect.objectContaining({ guid: 'lf-draft' }) }));

    const home: CategoryData = (await ctx.app.inject('/partners/homepage')).json();
    expect(home.banners).toHaveLength(5);
    expect(home.subcategories.map((r) => [r.name, r.content.length])).toEqual([
      ['Just Added', 13],
      ['Festival Favourites', 5],
      ['Midnight Classics', 4],
      ['Wild Planet', 4],
    ]);
    // Its artwork now lives in our storage, not on the partner's server.
    const poster = home.subcategories[1]!.content[0]!.item.verticalBanner;
    expect(poster).toMatch(/^\/media\/third-party\/lanternfish\//);
    expect((await ctx.app.inject(poster)).statusCode).toBe(200);
  });

  it('answers a conditional GET of an unchanged feed with 304', async () => {
    const first = await fetch(`${origin}/demo-partner/feed.xml`);
    const etag = first.headers.get('etag')!;
    await first.text();
    const again = await fetch(`${origin}/demo-partner/feed.xml`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
  });

  it("serves the partner's trailer as an HLS package", async () => {
    const movie: Movie = (await ctx.app.inject('/partners/title/starwake')).json();
    expect(movie.trailer).toBe(`${origin}/demo-partner/media/trailer/master.m3u8`);
    const master = await fetch(movie.trailer!);
    expect(master.status).toBe(200);
    expect(master.headers.get('content-type')).toBe('application/vnd.apple.mpegurl');
    const variant = (await master.text()).split('\n').find((line) => line.endsWith('.m3u8'))!;
    const variantUrl = new URL(variant, movie.trailer!);
    const playlist = await (await fetch(variantUrl)).text();
    const init = /#EXT-X-MAP:URI="([^"]+)"/.exec(playlist)![1]!;
    const segment = playlist.split('\n').find((line) => line.endsWith('.m4s'))!;
    for (const file of [init, segment]) expect((await fetch(new URL(file, variantUrl))).status).toBe(200);
  }, 60_000);

  it('refuses files outside the package with 400', async () => {
    expect((await ctx.app.inject('/demo-partner/media/trailer/..%2F..%2Fsecret')).statusCode).toBe(400);
    expect((await ctx.app.inject('/demo-partner/media/other/master.m3u8')).statusCode).toBe(400);
  });

  it('answers 404 for an image the feed does not list and 400 for a malformed name', async () => {
    expect((await ctx.app.inject('/demo-partner/images/nothing-poster.jpg')).statusCode).toBe(404);
    expect((await ctx.app.inject('/demo-partner/images/..%2Fsecret')).statusCode).toBe(400);
  });
});
