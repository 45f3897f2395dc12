import type { Locator, Page } from '@playwright/test';
import { contentRow, expect, openHome, test } from './fixtures/browse';
import { currentTime, signUpNewViewer, startPlayback, titles } from './fixtures/playback';

/**
 * Personal rows from what the profile watched: a title watched to its credits leaves Continue
 * Watching and brings "Because you watched <title>" right after it on the home page.
 */

/** Pauses with the keyboard (which saves the position) and waits for the server to have it. */
async function pauseAndSave(page: Page, region: Locator) {
  const saved = page.waitForResponse((r) => r.url().endsWith('/user/progress') && r.request().method() === 'PUT');
  await region.focus();
  await page.keyboard.press('k');
  expect((await saved).status()).toBe(200);
}

test('a title watched to the credits leaves Continue Watching, and "Because you watched" it follows that row', async ({ page, request, pageHealth }) => {
  pageHealth.expect({ url: /\/user\/login$/, status: 400 });
  await signUpNewViewer(page, 'Rowan');

  // A series started and left part-way: it stays in Continue Watching.
  await page.goto(`/series/${titles.freeSeries.slug}`);
  const episode = page.getByRole('region', { name: new RegExp(`^${titles.freeSeries.name}, episode 1: .* player$`) });
  await episode.getByRole('button', { name: /^(Play|Resume from .*)$/ }).click();
  await expect.poll(() => currentTime(episode.locator('video'))).toBeGreaterThan(4);
  await pauseAndSave(page, episode);

  // A movie watched into its credits (or, without a credits marker, to its last seconds).
  const film = (await (await request.get(`/movie-name/${titles.free.slug}`)).json()) as { markers: { creditsStart: number | null } | null };
  await page.goto(`/movie/${titles.free.slug}`);
  const { region, video } = await startPlayback(page, titles.free.name);
  const duration = await video.evaluate((element: HTMLVideoElement) => element.duration);
  const credits = film.markers?.creditsStart ?? duration - 1;
  await video.evaluate((element: HTMLVideoElement, at: number) => (element.currentTime = at), credits);
  await expect.poll(() => currentTime(video)).toBeGreaterThan(credits + 0.2);
  await pauseAndSave(page, region);

  await openHome(page);
  const headings = page.getByRole('main').getByRole('heading', { level: 2 });
  const because = `Because you watched ${titles.free.name}`;
  await expect(page.getByRole('heading', { level: 2, name: because })).toBeVisible();
  const order = await headings.allTextContents();
  expect(order.indexOf('Continue Watching')).toBe(0);
  expect(order.indexOf(because)).toBe(1);

  const continueWatching = contentRow(page, 'Continue Watching');
  await expect(continueWatching.getByRole('link', { name: new RegExp(`^${titles.freeSeries.name}`) })).toBeVisible();
  await expect(continueWatching.getByRole('link', { name: new RegExp(`^${titles.free.name}`) })).toHaveCount(0);
  // The row suggests other titles, never the one it is based on.
  const suggestions = contentRow(page, because).getByRole('link');
  await expect(suggestions.first()).toBeVisible();
  await expect(suggestions.filter({ hasText: titles.free.name })).toHaveCount(0);
});
