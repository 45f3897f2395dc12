import type { Locator, Page } from '@playwright/test';
import { bannerCarousel, catalogue, categoryButton, contentRow, expect, openHome, rowCards, test } from './fixtures/browse';

test.describe('home', () => {
  test('shows the enabled banners, rows with titles and the subscriber badge', async ({ page }) => {
    await openHome(page);

    const banners = bannerCarousel(page);
    await expect(banners).toBeVisible();
    for (const name of catalogue.homeBanners) {
      await expect(banners.getByRole('link', { name })).toHaveCount(1);
    }
    // The Home category lists a banner for the disabled 'Iron Verdict'; it must not be drawn.
    await expect(banners.getByRole('link')).toHaveCount(catalogue.homeBanners.length);
    await expect(page.getByRole('button', { name: 'Pause slideshow' })).toBeVisible();

    const trending = contentRow(page, 'Trending Now');
    await expect(trending.getByRole('link', { name: 'Café Lumière' })).toBeVisible();
    await expect(contentRow(page, 'Free to Watch').getByRole('link', { name: 'Straw Hat Summer' })).toBeAttached();
    for (const name of ['New Releases', 'Featured Tonight', 'Award Winners']) {
      await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
    }
    for (const name of catalogue.disabledTitles) {
      await expect(page.getByRole('link', { name })).toHaveCount(0);
    }

    await expect(page.getByText('Subscribers: 35864', { exact: true })).toBeVisible();
  });

  test('the home page scripts and styles arrive compressed and cached for good', async ({ page }) => {
    const assets: { url: string; encoding?: string; cache?: string }[] = [];
    page.on('response', (response) => {
      if (!/\/assets\/.+\.(js|css)$/.test(response.url())) return;
      const headers = response.headers();
      assets.push({ url: response.url(), encoding: headers['content-encoding'], cache: headers['cache-control'] });
    });
    await openHome(page);
    await expect(contentRow(page, 'Trending Now')).toBeVisible();
    expect(assets.length).toBeGreaterThan(0);
    for (const asset of assets) {
      expect(asset, asset.url).toMatchObject({ encoding: 'br', cache: 'public, max-age=31536000, immutable' });
    }
  });

  test('a first visit draws home from the page itself: no call for the category list or the first category', async ({ page }) => {
    const calls: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname === '/user/homepage' || pathname.startsWith('/user/category-data/')) calls.push(pathname);
    });
    await page.goto('/');
    await expect(contentRow(page, 'Trending Now').getByRole('link', { name: 'Café Lumière' })).toBeVisible();
    await expect(bannerCarousel(page).getByRole('link').first()).toBeVisible();
    expect(calls).toEqual([]);

    // Another category is asked for as usual.
    await categoryButton(page, 'Movies').click();
    await expect(page.getByRole('heading', { level: 2, name: 'Blockbusters' })).toBeVisible();
    expect(calls).toEqual([expect.stringMatching(/^\/user\/category-data\//)]);
  });

  test('View All and the arrows appear only on rows long enough for them', async ({ page }) => {
    await openHome(page);
    // Enabled titles: Trending Now (Vertical) 9, Award Winners (Horizontal) 4, Featured Tonight (Long Horizontal) 3.
    const trending = contentRow(page, 'Trending Now');
    await expect(trending.getByRole('link', { name: 'View All' })).toBeVisible();
    await expect(trending.getByRole('button', { name: 'Next' })).toHaveCount(1);
    const awards = contentRow(page, 'Award Winners');
    await expect(rowCards(awards)).toHaveCount(4);
    await expect(awards.getByRole('link', { name: 'View All' })).toHaveCount(0);
    await expect(awards.getByRole('button', { name: 'Next' })).toHaveCount(0);
    const featured = contentRow(page, 'Featured Tonight');
    await expect(featured.getByRole('link', { name: 'View All' })).toHaveCount(0);
    await expect(featured.getByRole('button', { name: 'Next' })).toHaveCount(1);
  });

  test('a banner opens its title; with reduced motion the slideshow stays still', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await openHome(page);
    await expect(page.getByRole('button', { name: 'Play slideshow' })).toBeVisible();
    await bannerCarousel(page).getByRole('link', { name: 'Stranger Tides' }).click();
    await expect(page).toHaveURL(/\/series\/stranger-tides$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Stranger Tides' })).toBeVisible();
  });

  test('switching category marks the button, changes the rows and survives a reload', async ({ page }) => {
    await openHome(page);
    const home = categoryButton(page, 'Home');
    const movies = categoryButton(page, 'Movies');
    await expect(home).toHaveAttribute('aria-pressed', 'true');
    await expect(movies).toHaveAttribute('aria-pressed', 'false');
    await expect(page.getByRole('heading', { level: 2, name: 'Trending Now' })).toBeVisible();

    await movies.click();
    await expect(movies).toHaveAttribute('aria-pressed', 'true');
    await expect(home).toHaveAttribute('aria-pressed', 'false');
    await expect(page.getByRole('heading', { level: 2, name: 'Blockbusters' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Trending Now' })).toHaveCount(0);
    // The Movies category's 'Cinder Crown' banner is switched off.
    const banners = bannerCarousel(page);
    await expect(banners.getByRole('link', { name: 'Orbit of Ashes' })).toHaveCount(1);
    await expect(banners.getByRole('link', { name: 'Cinder Crown' })).toHaveCount(0);

    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('settings') ?? 'null'));
    const moviesId = stored?.state?.homepage?.find((category: { name: string }) => category.name === 'Movies')?._id;
    expect(moviesId).toEqual(expect.any(String));
    expect(stored.state.activeCategory).toBe(moviesId);
    expect(stored.state.isLoggedIn).toBe(false);

    await page.reload();
    await expect(categoryButton(page, 'Movies')).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('heading', { level: 2, name: 'Blockbusters' })).toBeVisible();
  });

  test('choosing a category from another page goes home to it', async ({ page }) => {
    await page.goto('/refund');
    await expect(page.getByRole('heading', { level: 1, name: 'Refund Policy' })).toBeVisible();
    await categoryButton(page, 'Kids').click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Kids Favourites' })).toBeVisible();
    await expect(categoryButton(page, 'Kids')).toHaveAttribute('aria-pressed', 'true');
  });

  test('a keyboard user tabs to a row card, sees its focus and opens it with Enter', async ({ page }) => {
    await openHome(page);
    const cards = rowCards(contentRow(page, 'Trending Now'));
    await expect(cards.first()).toBeVisible();

    const card = cards.and(page.locator(':focus'));
    expect(await tabUntil(page, card), 'Tab reaches a card of the first row').toBe(true);
    await expect(card).toBeFocused();
    await expect(card).toHaveJSProperty('tagName', 'A');
    const href = await card.getAttribute('href');
    expect(href).toMatch(/^\/(movie|series)\/[a-z0-9-]+$/);
    expect(await card.evaluate((element) => element.matches(':focus-visible'))).toBe(true);

    // Focus must show: the focused card looks different from the same card unfocused.
    const focusedLook = await ringShadows(page, href ?? '');
    await page.keyboard.press('Shift+Tab');
    await expect(card).toHaveCount(0);
    const restingLook = await ringShadows(page, href ?? '');
    expect(focusedLook).not.toEqual(restingLook);
    await page.keyboard.press('Tab');
    await expect(card).toHaveAttribute('href', href ?? '');

    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
});

/** Presses Tab until `target` exists, at most 200 times (the header, category bar and banner links come first). */
async function tabUntil(page: Page, target: Locator): Promise<boolean> {
  for (let press = 0; press < 200; press += 1) {
    await page.keyboard.press('Tab');
    if ((await target.count()) > 0) return true;
  }
  return false;
}

/** Box shadows (where Tailwind draws rings) inside the Trending Now card linking to `href`. */
async function ringShadows(page: Page, href: string): Promise<string[]> {
  const card = rowCards(contentRow(page, 'Trending Now')).and(page.locator(`[href="${href}"]`));
  return card.evaluate((element) => [element, ...element.querySelectorAll('*')].map((node) => getComputedStyle(node).boxShadow));
}
