import { categoryButton, expect, openHome, test } from './fixtures/browse';

test.describe('header', () => {
  for (const width of [768, 1024, 1280]) {
    test(`the subscriber badge and every category stay visible at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await openHome(page);
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
