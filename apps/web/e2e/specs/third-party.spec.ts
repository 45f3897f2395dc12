import type { Page } from '@playwright/test';
import { expect, test, bannerCarousel, categoryButton, contentRow, rowCards } from './fixtures/browse';
import { expectPlayingPast, player } from './fixtures/playback';

/**
 * The third-party catalogue as a visitor meets it: the demo partner's Media RSS feed is ingested
 * by the server's sync job over HTTP after start-up, and its trailer is HLS the partner serves.
 */
const partner = {
  collections: ['Festival Favourites', 'Midnight Classics', 'Wild Planet'],
  /** A subscription title: a visitor gets its trailer. */
  title: { slug: 'shadow-ledger', name: 'Shadow Ledger' },
} as const;

test.beforeAll(async ({ playwright }, testInfo) => {
  testInfo.setTimeout(180_000);
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  // The first sync runs right after start-up; the partner packages its trailer when its feed is read.
  await expect
    .poll(async () => {
      const home = (await (await request.get('/partners/homepage')).json()) as { subcategories: unknown[] };
      if (home.subcategories.length === 0) return 'not imported yet';
      const movie = (await (await request.get(`/partners/title/${partner.title.slug}`)).json()) as { trailer: string };
      return (await request.get(movie.trailer)).status();
    }, { timeout: 150_000, intervals: [2000] })
    .toBe(200);
  await request.dispose();
});

function header(page: Page) {
  return page.locator('header:visible');
}

test('a visitor enters the third-party section, plays a trailer there, and leaves it', async ({ page }) => {
  await page.goto('/');
  await expect(header(page).getByRole('searchbox')).toBeVisible();
  await header(page).getByRole('navigation', { name: 'Categories' }).getByRole('link', { name: 'Third-party' }).click();

  await expect(page).toHaveURL(/\/third-party$/);
  await expect(bannerCarousel(page).getByRole('link').first()).toBeVisible();
  for (const name of ['Just Added', ...partner.collections]) await expect(contentRow(page, name)).toBeVisible();
  // Third-party mode: no search box, the logo leads to the section's home.
  await expect(header(page).getByRole('searchbox')).toHaveCount(0);
  await expect(header(page).getByRole('link', { name: 'Marquee home' })).toHaveAttribute('href', '/third-party');

  await rowCards(contentRow(page, 'Midnight Classics')).filter({ hasText: partner.title.name }).click();
  await expect(page).toHaveURL(new RegExp(`/third-party/${partner.title.slug}$`));
  await expect(page.getByRole('heading', { level: 1, name: partner.title.name })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Watch Now' })).toBeVisible();
  await expect(contentRow(page, 'You might also like')).toBeVisible();
  await expect(header(page).getByRole('searchbox')).toHaveCount(0);

  const trailer = player(page, `${partner.title.name} trailer`);
  await trailer.getByRole('button', { name: 'Play trailer' }).click();
  await expectPlayingPast(trailer.locator('video'), 1);

  await categoryButton(page, 'Home').click();
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await expect(header(page).getByRole('searchbox')).toBeVisible();
  await expect(header(page).getByRole('link', { name: 'Marquee home' })).toHaveAttribute('href', '/');
});
