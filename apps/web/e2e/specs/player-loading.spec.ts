import { expect, test } from './fixtures/browse';
import { expectPlayingPast, player, startPlayback, titles } from './fixtures/playback';

/**
 * When the player's code (hls.js, its own chunk) loads: after the page has drawn and loaded, so it
 * costs the first render nothing, yet the first segment is ready before Play and an early Play works.
 */

test("the player's code loads after the page has drawn and loaded, and the first segment is ready before Play", async ({ page }) => {
  const requested: string[] = [];
  page.on('request', (r) => requested.push(new URL(r.url()).pathname));
  await page.goto(`/movie/${titles.free.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: titles.free.name })).toBeVisible();
  // hls.js (580 kB) is its own chunk: asked for only once the page has painted and its load event has run.
  const timing = await page.waitForFunction(() => {
    const hls = performance.getEntriesByType('resource').find((entry) => /\/assets\/hls-[^/]+\.js$/.test(entry.name));
    const paint = performance.getEntriesByName('first-contentful-paint')[0];
    const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    return hls && paint && navigation ? { hls: hls.startTime, paint: paint.startTime, load: navigation.loadEventEnd } : null;
  });
  const { hls, paint, load } = (await timing.jsonValue())!;
  expect(hls).toBeGreaterThan(paint);
  expect(load).toBeGreaterThan(0);
  expect(hls).toBeGreaterThanOrEqual(load);
  // With no input at all, a few seconds after it (load-hls.ts, SETTLE_MS: after the window a page-load audit watches).
  expect(hls - load).toBeGreaterThanOrEqual(3500);
  // Nobody pressed anything: the player still prepares the first frame by itself.
  await expect.poll(() => requested.some((path) => /\/segment-\d+\.m4s$/.test(path)), { timeout: 30_000 }).toBe(true);
  await startPlayback(page, titles.free.name);
});

test('the first input after the page has loaded brings the player\'s code at once', async ({ page }) => {
  await page.goto(`/movie/${titles.free.slug}`, { waitUntil: 'load' });
  await expect(page.getByRole('heading', { level: 1, name: titles.free.name })).toBeVisible();
  const hlsRequested = page.waitForRequest((r) => /\/assets\/hls-[^/]+\.js$/.test(new URL(r.url()).pathname), { timeout: 2_000 });
  await page.mouse.move(40, 40);
  await page.mouse.move(80, 120);
  await hlsRequested;
});

test('Play pressed as soon as the button shows, before the player has loaded, still plays', async ({ page }) => {
  await page.goto(`/movie/${titles.free.slug}`, { waitUntil: 'commit' });
  const region = player(page, titles.free.name);
  const video = region.locator('video');
  await region.getByRole('button', { name: 'Play', exact: true }).click();
  await expectPlayingPast(video, 1);
});
