import type { Page } from '@playwright/test';
import { categoryButton, expect, openHome, test } from './fixtures/browse';

/** The search page's own chunk (Vite names it after the route module and a content hash). */
const searchChunk = /\/assets\/search-[\w-]{8}\.js$/;
const contactChunk = /\/assets\/contact-[\w-]{8}\.js$/;

/** Counts the page's own document loads (the first one and any reload). */
function countDocumentLoads(page: Page): () => number {
  let loads = 0;
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) loads++;
  });
  return () => loads;
}

test.describe("a page whose code can't be downloaded", () => {
  test('a failed download is tried again and the page opens', async ({ page, pageHealth }) => {
    pageHealth.expect({ url: searchChunk });
    let failures = 0;
    await page.route(searchChunk, (route) => (failures++ === 0 ? route.abort('failed') : route.fallback()));
    const documentLoads = countDocumentLoads(page);

    await page.goto('/search');
    await expect(page.getByRole('heading', { level: 1, name: 'Search' })).toBeVisible();
    expect(failures).toBeGreaterThanOrEqual(1);
    // A second try in place, or (when the browser remembers the failed module) one reload.
    expect(documentLoads()).toBeLessThanOrEqual(2);
  });

  test('after one reload it says so in words, and reloads no more', async ({ page, pageHealth }) => {
    pageHealth.expect({ url: contactChunk });
    await page.route(contactChunk, (route) => route.abort('failed'));
    const documentLoads = countDocumentLoads(page);

    // Reached inside the app, as after a deploy removed the old build's chunks.
    await page.goto('/refund');
    await expect(page.getByRole('heading', { level: 1, name: 'Refund Policy' })).toBeVisible();
    await page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'Contact Us' }).click();

    const alert = page.getByRole('alert');
    await expect(alert.getByRole('heading', { name: "We couldn't load this page" })).toBeVisible();
    await expect(alert).toContainText('Check your connection and try again.');
    await expect(alert).not.toContainText(/dynamically imported module/i);
    await expect(alert).not.toContainText('Unexpected Application Error!');
    // The reload went to the page asked for, once; the header and footer stay around the message.
    await expect(page).toHaveURL(/\/contact-us$/);
    expect(documentLoads()).toBe(2);
    await expect(page.getByRole('link', { name: 'Marquee home' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Footer' })).toBeVisible();

    // Reload asks again (by hand, so once more): the same message at once, and no loop.
    await Promise.all([page.waitForEvent('load'), alert.getByRole('button', { name: 'Reload' }).click()]);
    await expect(page.getByRole('alert').getByRole('heading', { name: "We couldn't load this page" })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('alert').getByRole('heading', { name: "We couldn't load this page" })).toBeVisible();
    expect(documentLoads()).toBe(3);
  });
});

test.describe('header', () => {
  // The header's text is the system's sans-serif; 'wider text' stands for a machine whose font
  // runs wider than this one's.
  for (const [width, widerText] of [[768, false], [1024, false], [1280, false], [1280, true], [1440, false], [1440, true]] as const) {
    test(`the subscriber badge and every category stay visible at ${width} px${widerText ? ' with wider text' : ''}`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await openHome(page);
      if (widerText) await page.addStyleTag({ content: 'header { letter-spacing: 0.1em; }' });
      const header = page.locator('header:visible');
      await expect(header.getByText('Subscribers: 35864')).toBeInViewport();
      for (const name of ['Home', 'Movies', 'Series', 'Kids']) await expect(categoryButton(page, name)).toBeInViewport({ ratio: 1 });
      await expect(header.getByRole('link', { name: 'Third-party' })).toBeInViewport({ ratio: 1 });
      await expect(header.getByRole('link', { name: 'Subscribe' })).toBeInViewport({ ratio: 1 });
      await expect(header.getByRole('link', { name: 'Login' })).toBeInViewport({ ratio: 1 });
    });
  }

  test('a category is highlighted on the home page only', async ({ page }) => {
    await openHome(page);
    await expect(categoryButton(page, 'Home')).toHaveAttribute('aria-pressed', 'true');
    for (const path of ['/movie/neon-requiem', '/search', '/refund', '/no-such-page']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(categoryButton(page, 'Home')).toHaveAttribute('aria-pressed', 'false');
      await expect(page.getByRole('navigation', { name: 'Categories' }).locator('[aria-pressed="true"], [aria-current="page"]')).toHaveCount(0);
    }
  });

  test('the login page has no Login button, and the site icon is served at /favicon.ico', async ({ page, request }) => {
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Sign in with Google (dev)' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Login', exact: true })).toHaveCount(0);

    const icon = await request.get('/favicon.ico');
    expect(icon.status()).toBe(200);
    expect(icon.headers()['content-type']).toMatch(/^image\//);
    expect((await icon.body()).byteLength).toBeGreaterThan(0);
  });
});
