import type { Page } from '@playwright/test';
import { catalogue, categoryButton, contentRow, expect, expectNoHorizontalOverflow, expectMoviePageStill, openHome, rowCards, test } from './fixtures/browse';

test.use({ viewport: { width: 375, height: 812 } });

/** The mobile top bar: the only visible header below the md breakpoint. */
function topBar(page: Page) {
  return page.getByRole('banner').filter({ has: page.getByRole('navigation', { name: 'Categories' }) });
}

test.describe('mobile (375 × 812)', () => {
  test('the top bar has the logo, categories, search and Login; desktop-only parts are hidden', async ({ page }) => {
    await openHome(page);
    const bar = topBar(page);
    await expect(bar).toBeVisible();
    await expect(bar.getByRole('link', { name: 'Marquee home' })).toBeVisible();
    for (const name of catalogue.categories) {
      await expect(bar.getByRole('button', { name, exact: true })).toBeVisible();
    }
    await expect(bar.getByRole('link', { name: 'Search' })).toBeVisible();
    await expect(bar.getByRole('link', { name: 'Login' })).toBeVisible();

    await expect(page.getByRole('search', { name: 'Site search' })).toBeHidden();
    await expect(page.getByText('Subscribers: 35864')).toBeHidden();
    // Trending Now has 9 items, past the arrow threshold on a wide screen, but phones get none.
    await expect(rowCards(contentRow(page, 'Trending Now')).first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Next' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Previous' })).toHaveCount(0);
    await expectNoHorizontalOverflow(page);
  });

  test('the search and Login buttons lead to their pages', async ({ page }) => {
    await openHome(page);
    await topBar(page).getByRole('link', { name: 'Search' }).click();
    await expect(page).toHaveURL(/\/search$/);
    const box = page.getByRole('search', { name: 'Search the catalogue' }).getByRole('searchbox');
    // Phones search on this page: typed key by key, no letter may go missing.
    await box.pressSequentially('straw hat', { delay: 20 });
    await expect(box).toHaveValue('straw hat');
    await expect(rowCards(contentRow(page, 'Movies')).filter({ hasText: 'Straw Hat Summer' })).toHaveCount(1);
    await expectNoHorizontalOverflow(page);

    await topBar(page).getByRole('link', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/login$/);
    // The page is the sign-in itself: no Login button leading to it.
    await expect(page.getByRole('button', { name: 'Sign in with Google (dev)' })).toBeVisible();
    await expect(topBar(page).getByRole('link', { name: 'Login' })).toHaveCount(0);
    await expectNoHorizontalOverflow(page);
  });

  test('a category button highlights and shows that category', async ({ page }) => {
    await openHome(page);
    const series = categoryButton(page, 'Series');
    await series.click();
    await expect(series).toHaveAttribute('aria-pressed', 'true');
    await expect(categoryButton(page, 'Home')).toHaveAttribute('aria-pressed', 'false');
    await expect(page.getByRole('heading', { level: 2, name: 'Popular Series' })).toBeVisible();
    await expectNoHorizontalOverflow(page);
  });

  test('home shows two skeleton cards a row while loading, then the rows', async ({ page }) => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/user\/category-data\//, async (route) => {
      await held;
      await route.continue();
    });

    // The first category comes inside the page itself: another one is asked for.
    await openHome(page);
    await categoryButton(page, 'Movies').click();
    const skeleton = page.getByRole('status', { name: 'Loading' });
    await expect(skeleton).toBeVisible();
    await expect(skeleton.getByTestId('skeleton-card')).toHaveCount(6);
    await expectNoHorizontalOverflow(page);

    release();
    await expect(page.getByRole('heading', { level: 2, name: 'Blockbusters' })).toBeVisible();
    await expect(skeleton).toHaveCount(0);
  });

  test('title, list, contact and policy pages fit the screen', async ({ page }) => {
    for (const path of ['/movie/cafe-lumiere', '/series/stranger-tides', '/view-all/Trending%20Now', '/contact-us', '/termsandconditions']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('status')).toHaveCount(0);
      await expectNoHorizontalOverflow(page);
    }
  });
});

test.describe('movie page on a phone', () => {
  // A 2× screen: without a cap the browser would take the 960 px artwork for the 375 px player.
  test.use({ deviceScaleFactor: 2 });

  test('the player shows the 640 px artwork at most, and it is the largest paint', async ({ page }) => {
    const artwork: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/cafe-lumiere-wide')) artwork.push(new URL(request.url()).pathname);
    });
    await page.goto('/movie/cafe-lumiere');
    await expect(page.getByRole('heading', { level: 1, name: 'Café Lumière' })).toBeVisible();
    const poster = page.locator('main picture img').first();
    await expect(poster).toBeVisible();
    await expect.poll(() => poster.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);

    expect(artwork.length).toBeGreaterThan(0);
    for (const path of artwork) expect(path).toMatch(/cafe-lumiere-wide\.(320|640)w\.(avif|webp)$/);
    const largest = await page.evaluate(
      () =>
        new Promise<string>((resolve) => {
          new PerformanceObserver((list) => {
            const entries = list.getEntries() as unknown as { url: string }[];
            resolve(entries.at(-1)?.url ?? '');
          }).observe({ type: 'largest-contentful-paint', buffered: true });
        }),
    );
    expect(largest).toMatch(/cafe-lumiere-wide\.(320|640)w\.(avif|webp)$/);
  });

  test('nothing on the page moves while it loads, even when its answer is slow', async ({ page }) => {
    await expectMoviePageStill(page, { slug: 'cafe-lumiere', name: 'Café Lumière' });
  });
});
