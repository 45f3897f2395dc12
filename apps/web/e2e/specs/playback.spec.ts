import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures/browse';
import {
  currentTime,
  expectPlayingPast,
  frameStats,
  player,
  renditions,
  sessionToken,
  signUpNewViewer,
  startPlayback,
  subscribeToFirstPlan,
  titles,
} from './fixtures/playback';

/**
 * Real playback in Chromium: hls.js over the server's HLS packages, signed links, resume and
 * Continue Watching. The demo clips are transcoded before any spec starts (global-setup.ts).
 */

/** Whether the element is wholly inside the viewport and not under the sticky header. */
async function whollyBelowHeader(page: Page, element: Locator): Promise<boolean> {
  const header = await page.locator('header:visible').boundingBox();
  const box = await element.boundingBox();
  const height = page.viewportSize()?.height ?? 0;
  return header !== null && box !== null && box.y >= header.y + header.height - 1 && box.y + box.height <= height + 1;
}

async function expectWhollyInView(page: Page, element: Locator): Promise<void> {
  await expect.poll(() => whollyBelowHeader(page, element), { message: 'the player is wholly in view, below the header' }).toBe(true);
}

/** The dev sign-in asks the server for an account that does not exist yet (400), then signs up. */
function expectSignUp(pageHealth: { expect: (failure: { url: RegExp; status?: number }) => void }) {
  pageHealth.expect({ url: /\/user\/login$/, status: 400 });
}

test('a visitor plays a trailer of a title they cannot watch in full', async ({ page }) => {
  await page.goto(`/movie/${titles.paid.slug}`);
  await expect(page.getByRole('button', { name: 'Watch Now' })).toBeVisible();

  const { video } = await startPlayback(page, `${titles.paid.name} trailer`);
  const frame = await frameStats(video);
  expect(frame.width).toBeGreaterThan(0);
  expect(frame.stdev, 'the frame shows a picture, not a flat colour').toBeGreaterThan(10);
  await video.screenshot({ path: test.info().outputPath('trailer-frame.png') });
});

test('a free movie plays in full for a visitor, and the quality menu switches renditions', async ({ page, request }) => {
  const film = (await (await request.get(`/movie-name/${titles.free.slug}`)).json()) as { url: string };
  const ladder = await renditions(request, film.url);
  expect(ladder.length).toBeGreaterThanOrEqual(2);
  const requested: string[] = [];
  page.on('request', (r) => requested.push(new URL(r.url()).pathname));

  await page.goto(`/movie/${titles.free.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: titles.free.name })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Watch Now' })).toHaveCount(0);
  const { region, video } = await startPlayback(page, titles.free.name);
  const frame = await frameStats(video);
  expect(frame.height).toBeGreaterThan(0);
  expect(frame.stdev, 'the frame shows a picture, not a flat colour').toBeGreaterThan(10);
  await video.screenshot({ path: test.info().outputPath('free-movie-frame.png') });

  // Choose a rendition other than the one on screen; hls.js must fetch it and the picture must change size.
  const target = ladder.find((rung) => rung.height !== frame.height)!;
  const targetPlaylist = new URL(target.url).pathname.split('/').slice(-2).join('/');
  await region.hover();
  await region.getByRole('button', { name: /^Quality: Auto/ }).click();
  await page.getByRole('menuitemradio', { name: `${target.height}p`, exact: true }).click();
  await expect(region.getByRole('button', { name: `Quality: ${target.height}p` })).toBeAttached();
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.videoHeight), { timeout: 30_000 }).toBe(target.height);
  expect(requested.some((path) => path.endsWith(`/${targetPlaylist}`))).toBe(true);

  // Hovering the timeline previews the frame there, from the thumbnail sprite.
  const seek = region.getByRole('slider', { name: 'Seek' });
  const bar = (await seek.boundingBox())!;
  await page.mouse.move(bar.x + bar.width / 2, bar.y + bar.height / 2);
  const preview = region.getByTestId('seek-preview');
  await expect(preview).toContainText(/^0:(19|20|21)/);
  await expect(preview.locator('div').first()).toHaveCSS('background-image', /sprite\.jpg/);
});

test('a stream that fails to load shows an error, and Retry plays it once it is back', async ({ page, pageHealth }) => {
  pageHealth.expect({ url: /\/master\.m3u8$/, status: 503 });
  let failing = true;
  await page.route('**/master.m3u8', (route) => (failing ? route.fulfill({ status: 503, body: 'unavailable' }) : route.fallback()));

  await page.goto(`/movie/${titles.free.slug}`);
  const region = player(page, titles.free.name);
  await expect(region.getByRole('alert')).toContainText('could not be loaded');

  failing = false;
  await region.getByRole('button', { name: 'Retry' }).click();
  await expect(region.getByRole('alert')).toHaveCount(0);
  await expectPlayingPast(region.locator('video'), 1);
});

test('an episode chosen below the fold plays in view with the focus, and the next one follows after the countdown', async ({ page }) => {
  await page.goto(`/series/${titles.freeSeries.slug}`);
  const episodes = page.getByRole('region', { name: 'Episodes', exact: true });
  await episodes.getByRole('button').filter({ hasText: 'Episode 2' }).click();

  const second = page.getByRole('region', { name: new RegExp(`^${titles.freeSeries.name}, episode 2: .* player$`) });
  // Scrolled back up smoothly: the whole player ends up below the sticky header, and it has the focus.
  await expectWhollyInView(page, second);
  await expect(second).toBeFocused();
  const video = second.locator('video');
  await expectPlayingPast(video, 1);

  // Skip to the end with → (10 s a press); the countdown then starts episode 3 by itself.
  for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight');
  await expect(second.getByText(/^Next episode in [1-5]$/)).toBeVisible();
  const third = page.getByRole('region', { name: new RegExp(`^${titles.freeSeries.name}, episode 3: .* player$`) });
  await expect(third).toBeVisible({ timeout: 15_000 });
  await expectPlayingPast(third.locator('video'), 1);
});

test('on a phone with reduced motion, a chosen episode jumps the player into view without scrolling motion', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto(`/series/${titles.freeSeries.slug}`);
  const episodes = page.getByRole('region', { name: 'Episodes', exact: true });
  const card = episodes.getByRole('button').filter({ hasText: 'Episode 3' });
  await card.scrollIntoViewIfNeeded();
  await expect(card).toBeInViewport();
  await card.click();

  const third = page.getByRole('region', { name: new RegExp(`^${titles.freeSeries.name}, episode 3: .* player$`) });
  await expect(third).toBeFocused();
  // No smooth scroll to wait for: the player is in place as soon as it is there.
  expect(await whollyBelowHeader(page, third)).toBe(true);
  await expectPlayingPast(third.locator('video'), 1);
});

test('a signed-in viewer resumes where they stopped, and Continue Watching leads home', async ({ page, pageHealth }) => {
  expectSignUp(pageHealth);
  await signUpNewViewer(page, 'Rita');
  await page.goto(`/movie/${titles.free.slug}`);
  const { region, video } = await startPlayback(page, titles.free.name);

  // → jumps 10 s; k pauses, which saves the position.
  await region.focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => currentTime(video)).toBeGreaterThan(18);
  const saved = page.waitForResponse((r) => r.url().endsWith('/user/progress') && r.request().method() === 'PUT');
  await page.keyboard.press('k');
  expect((await saved).status()).toBe(200);
  const stoppedAt = await currentTime(video);

  await page.reload();
  const resume = player(page, titles.free.name).getByRole('button', { name: /^Resume from 0:\d\d$/ });
  await expect(resume).toBeVisible();
  await resume.click();
  await expect.poll(() => currentTime(video)).toBeGreaterThan(stoppedAt - 1.5);
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.paused)).toBe(false);

  await page.goto('/');
  const row = page.getByRole('region', { name: 'Continue Watching', exact: true });
  const card = row.getByRole('link', { name: new RegExp(`^${titles.free.name}, \\d+% watched$`) });
  await expect(card).toBeVisible();
  await expect(row).toBeVisible();
  const firstRow = page.getByRole('heading', { level: 2 }).first();
  await expect(firstRow).toHaveText('Continue Watching');

  await card.click();
  await expect(page).toHaveURL(new RegExp(`/movie/${titles.free.slug}$`));
  await expect(player(page, titles.free.name).getByRole('button', { name: /^Resume from/ })).toBeVisible();

  await page.goto('/');
  await row.getByRole('button', { name: `Remove ${titles.free.name} from Continue Watching` }).click();
  await expect(row).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
  await expect(row).toHaveCount(0);
});

test('a signed-in viewer without access gets Watch Now and the trailer; altered playback links are refused', async ({ page, request, pageHealth }) => {
  expectSignUp(pageHealth);
  await signUpNewViewer(page, 'Nora');
  await page.goto(`/movie/${titles.paid.slug}`);
  await expect(page.getByRole('button', { name: 'Watch Now' })).toBeVisible();
  await expect(player(page, `${titles.paid.name} trailer`)).toBeVisible();
  await expect(player(page, titles.paid.name)).toHaveCount(0);

  const headers = { authorization: `Bearer ${await sessionToken(page)}` };
  const paid = (await (await request.get(`/movie-name/${titles.paid.slug}`, { headers })).json()) as { url: string | null };
  expect(paid.url).toBeNull();

  // The viewer's only full-video links are for free titles: altered, they open nothing.
  const free = (await (await request.get(`/movie-name/${titles.free.slug}`, { headers })).json()) as { url: string };
  expect((await request.get(free.url)).status()).toBe(200);
  const parts = new URL(free.url, 'http://x').pathname.split('/'); // '', media, s, expiry, viewer, sig, asset, master.m3u8
  const altered = (index: number, value: string) => parts.map((part, i) => (i === index ? value : part)).join('/');
  expect((await request.get(altered(5, 'A'.repeat(parts[5]!.length)))).status()).toBe(403);
  expect((await request.get(altered(4, 'someone-else'))).status()).toBe(403);
  expect((await request.get(altered(3, String(Math.floor(Date.now() / 1000) - 60)))).status()).toBe(403);
  expect((await request.get(altered(5, 'A'.repeat(parts[5]!.length)).replace('master.m3u8', 'sprite.jpg'))).status()).toBe(403);
});

test('on a one-stream plan a second browser is refused, naming the first; stopping it from there lets the second play', async ({ page, browser, pageHealth }) => {
  // Sign-up, a subscription, two browsers and up to one heartbeat: a long walk on a busy machine.
  test.slow();
  expectSignUp(pageHealth);
  // The first browser's next heartbeat is refused once the second holds the only stream, and its
  // next segment too: a stopped stream's link serves no more.
  pageHealth.expect({ url: /\/user\/playback-link\//, status: 409 });
  pageHealth.expect({ url: /\/media\/s\//, status: 403 });
  const email = await signUpNewViewer(page, 'Tess');
  // The first plan on sale, Monthly, plays on one screen at a time.
  await subscribeToFirstPlan(page);
  await page.goto(`/movie/${titles.paid.slug}`);
  const first = await startPlayback(page, titles.paid.name);

  // A second browser on a Mac signs in to the same account (the first is Desktop Chrome on Windows).
  const laptop = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  });
  try {
    const second = await laptop.newPage();
    await signUpNewViewer(second, 'Tess', email);
    await second.goto(`/movie/${titles.paid.slug}`);
    const region = player(second, titles.paid.name);
    // The first browser's progress may already offer a resume point here.
    await region.getByRole('button', { name: /^(Play|Resume from \d+:\d\d)$/ }).click();
    const refusal = region.getByRole('alert');
    await expect(refusal).toContainText('Your plan plays on one screen at a time');
    await expect(refusal.getByRole('listitem')).toHaveCount(1);
    await expect(refusal.getByRole('listitem')).toContainText(`Chrome on Windows${titles.paid.name}`);

    await refusal.getByRole('button', { name: `Stop ${titles.paid.name} on Chrome on Windows` }).click();
    await expect(refusal).toHaveCount(0);
    await expectPlayingPast(region.locator('video'), 1);

    // The first browser stops at its next segment or heartbeat, and names the Mac now watching.
    const stopped = first.region.getByRole('alert');
    await expect(stopped).toContainText('Your plan plays on one screen at a time', { timeout: 40_000 });
    await expect(stopped.getByRole('listitem')).toContainText('Chrome on Mac');
    expect(await first.video.evaluate((element: HTMLVideoElement) => element.paused)).toBe(true);
  } finally {
    await laptop.close();
  }
});

test('Skip Intro appears during the intro and jumps to its end', async ({ page, request }) => {
  const film = (await (await request.get(`/movie-name/${titles.free.slug}`)).json()) as { markers: { introStart: number; introEnd: number } | null };
  // The demo clips have a black, silent break after their intro, which packaging found.
  expect(film.markers?.introEnd).toBeGreaterThan(2);
  await page.goto(`/movie/${titles.free.slug}`);
  const { region, video } = await startPlayback(page, titles.free.name);
  const skip = region.getByRole('button', { name: 'Skip Intro' });
  await expect(skip).toBeVisible();
  expect(await currentTime(video)).toBeLessThan(film.markers!.introEnd);
  await skip.click();
  await expect.poll(() => currentTime(video)).toBeGreaterThanOrEqual(film.markers!.introEnd - 0.1);
  await expect(skip).toHaveCount(0);
  await expectPlayingPast(video, film.markers!.introEnd + 0.5);
});

test("an episode's credits start the next-episode countdown before the episode ends", async ({ page, request }) => {
  const show = (await (await request.get(`/series-name/${titles.freeSeries.slug}`)).json()) as { episodes: { markers: { creditsStart: number | null } | null }[] };
  const creditsStart = show.episodes[0]!.markers?.creditsStart ?? null;
  expect(creditsStart).not.toBeNull();
  await page.goto(`/series/${titles.freeSeries.slug}`);
  const first = page.getByRole('region', { name: new RegExp(`^${titles.freeSeries.name}, episode 1: .* player$`) });
  await first.getByRole('button', { name: /^(Play|Resume from .*)$/ }).click();
  const video = first.locator('video');
  await expectPlayingPast(video, 1);
  const countdown = first.getByText(/^Next episode in [1-5]$/);
  await expect(countdown).toHaveCount(0);
  // Jump to just before the credits, and let it play into them.
  await video.evaluate((element: HTMLVideoElement, at: number) => (element.currentTime = at), creditsStart! - 2);
  await expect(countdown).toBeVisible();
  const at = await video.evaluate((element: HTMLVideoElement) => ({ time: element.currentTime, ended: element.ended, duration: element.duration }));
  expect(at.ended).toBe(false);
  expect(at.time).toBeGreaterThanOrEqual(creditsStart!);
  expect(at.time).toBeLessThan(at.duration - 1);
  await first.getByRole('button', { name: 'Cancel' }).click();
  await expect(countdown).toHaveCount(0);
});
