import { test as base, expect, type Page } from '@playwright/test';

/**
 * Signed-in journeys against the real server and its development identity provider. Every test
 * signs up a new viewer (a unique email per run), so runs never depend on each other or on order.
 * Each sign-up costs three of the per-IP login allowance (login, signup, login): keep the number
 * of tests here well under LOGIN_LIMIT_PER_IP (30 per 15 minutes by default).
 */
const test = base.extend<{ pageErrors: string[] }>({
  // Uncaught exceptions and console errors fail a test. Chromium's own "Failed to load resource"
  // lines are excused: the flow provokes 400s on purpose ("user doesn't exist", invalid names).
  pageErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
      page.on('console', (message) => {
        if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) errors.push(`console: ${message.text()}`);
      });
      await use(errors);
      expect(errors).toEqual([]);
    },
    { auto: true },
  ],
});

/** An 8×8 orange PNG, small enough to inline. */
const AVATAR_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEUlEQVR42mN4FqCBFTEMLQkAYEZXgcV6mZkAAAAASUVORK5CYII=', 'base64');

let counter = 0;

function newViewer(first: string) {
  counter += 1;
  const id = `${Date.now().toString(36)}-${process.pid}-${counter}`;
  return { name: `${first} Tester`, email: `${first.toLowerCase()}.${id}@e2e.marquee.example` };
}

/** Sign-in as a new user through /login and the development issuer's account chooser. */
async function signUp(page: Page, viewer: { name: string; email: string }) {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in with Google (dev)' }).click();
  await expect(page).toHaveURL(/\/dev-idp\/authorize\?/);
  await page.getByLabel('Name').fill(viewer.name);
  await page.getByLabel('Email').fill(viewer.email);
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL((url) => url.pathname === '/' && url.hash === '');
  // Signed in, in either layout: the bell appears and no Login button is left.
  await expect(bell(page)).toBeVisible();
  await expect(page.locator('header:visible').getByRole('link', { name: 'Login' })).toHaveCount(0);
}

const accountMenu = (page: Page, name: string) => page.getByRole('button', { name: `Account menu for ${name}` });
const bell = (page: Page) => page.locator('header:visible').getByRole('button', { name: /^Notifications/ });

/** An element's text colour as the sRGB bytes it paints (Tailwind 4 writes oklch). Runs in the page. */
function paintedTextColour(element: Element): [number, number, number] {
  const context = document.createElement('canvas').getContext('2d')!;
  context.fillStyle = getComputedStyle(element).color;
  context.fillRect(0, 0, 1, 1);
  const [r = 0, g = 0, b = 0] = context.getImageData(0, 0, 1, 1).data;
  return [r, g, b];
}

async function unreadCount(page: Page): Promise<number> {
  const label = (await bell(page).getAttribute('aria-label')) ?? '';
  return Number(/(\d+) unread/.exec(label)?.[1] ?? 0);
}

test('a new viewer signs up, lands home, and keeps a watchlist', async ({ page }) => {
  const viewer = newViewer('Wanda');
  await signUp(page, viewer);
  await expect(accountMenu(page, viewer.name)).toBeVisible();

  await page.goto('/movie/cafe-lumiere');
  await page.getByRole('button', { name: 'Add to Watchlist' }).click();
  await expect(page.getByRole('button', { name: 'In Watchlist' })).toHaveAttribute('aria-pressed', 'true');

  await page.goto('/series/stranger-tides');
  await page.getByRole('button', { name: 'Add to Watchlist' }).click();
  await expect(page.getByRole('button', { name: 'In Watchlist' })).toBeVisible();

  await accountMenu(page, viewer.name).click();
  await page.getByRole('menuitem', { name: 'Watchlist' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Watchlist' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Café Lumière' })).toHaveAttribute('href', '/movie/cafe-lumiere');
  await expect(page.getByRole('link', { name: 'Stranger Tides' })).toHaveAttribute('href', '/series/stranger-tides');

  await page.getByRole('link', { name: 'Café Lumière' }).click();
  await page.getByRole('button', { name: 'In Watchlist' }).click();
  await expect(page.getByRole('button', { name: 'Add to Watchlist' })).toHaveAttribute('aria-pressed', 'false');
  await page.goto('/series/stranger-tides');
  await page.getByRole('button', { name: 'In Watchlist' }).click();
  await expect(page.getByRole('button', { name: 'Add to Watchlist' })).toBeVisible();

  await page.goto('/watchlist');
  await expect(page.getByText('No Data Found')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Café Lumière' })).toHaveCount(0);
});

test('the bell lists notifications; opening one marks it read and the count drops', async ({ page }) => {
  const viewer = newViewer('Nora');
  await signUp(page, viewer);

  // The welcome notification from sign-up plus the demo's broadcast ones.
  await expect(bell(page)).toHaveAccessibleName(/Notifications, \d+ unread/);
  const before = await unreadCount(page);
  expect(before).toBeGreaterThanOrEqual(2);

  await bell(page).click();
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  const welcome = panel.getByRole('button', { name: new RegExp(`Welcome to Marquee, ${viewer.name}`) });
  await expect(welcome).toBeVisible();
  await expect(panel.locator('time').first()).toHaveText(/^\d{1,2} [A-Z][a-z]{2} \d{4}$/);
  await expect(panel.getByText('Your account is ready.', { exact: false })).toBeHidden();

  await welcome.click();
  await expect(welcome).toHaveAttribute('aria-expanded', 'true');
  await expect(panel.getByText('Your account is ready.', { exact: false })).toBeVisible();
  await expect(bell(page)).toHaveAccessibleName(`Notifications, ${before - 1} unread`);

  // Opening it again does not count twice, and the state survives a reload (it is the server's).
  await welcome.click();
  await welcome.click();
  await page.reload();
  await expect(bell(page)).toHaveAccessibleName(`Notifications, ${before - 1} unread`);
  await page.keyboard.press('Escape');
});

test('My Account edits the name, shows server errors in red, and uploads an avatar', async ({ page }) => {
  const viewer = newViewer('Edith');
  await signUp(page, viewer);

  await accountMenu(page, viewer.name).click();
  await page.getByRole('menuitem', { name: 'My Account' }).click();
  const profile = page.getByRole('region', { name: 'Profile' });
  await expect(profile.getByRole('heading', { name: viewer.name })).toBeVisible();
  await expect(profile.getByText(viewer.email)).toBeVisible();
  await expect(profile.getByText('ET', { exact: true })).toBeVisible();
  await expect(profile.getByRole('link', { name: 'Support' })).toHaveAttribute('href', /^mailto:.+@.+/);

  await profile.getByRole('button', { name: 'Edit Profile' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Profile' });
  await dialog.getByLabel('Name').fill('x'.repeat(81));
  await dialog.getByRole('button', { name: 'Save' }).click();
  const error = dialog.getByRole('alert');
  await expect(error).toHaveText('Name must be at most 80 characters');
  const [red, green, blue] = await error.evaluate(paintedTextColour);
  expect(red).toBeGreaterThan(200);
  expect(Math.max(green, blue)).toBeLessThan(160);

  await dialog.getByLabel('Name').fill('Edith <b>');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(error).toHaveText('Name must not contain control characters or angle brackets');

  await dialog.getByLabel('Name').fill('Edith Renamed');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(profile.getByRole('heading', { name: 'Edith Renamed' })).toBeVisible();
  await expect(accountMenu(page, 'Edith Renamed')).toBeVisible();

  const avatar = profile.getByRole('button', { name: 'Change profile picture' });
  await expect(avatar.locator('img')).toHaveCount(0);
  await page.locator('input[type="file"]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: AVATAR_PNG });
  await expect(avatar.locator('img')).toHaveAttribute('src', /^\/media\/.+\.webp$/);
  await expect(accountMenu(page, 'Edith Renamed').locator('img')).toHaveAttribute('src', /^\/media\/.+\.webp$/);
  // The picture itself arrives (decoded, with a size), not just its address.
  await expect.poll(() => avatar.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

  await page.locator('input[type="file"]').setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('not an image') });
  await expect(profile.getByRole('alert')).toBeVisible();

  // The change is the server's: it is still there after a reload.
  await page.reload();
  await expect(page.getByRole('region', { name: 'Profile' }).getByRole('heading', { name: 'Edith Renamed' })).toBeVisible();
});

test('logging out ends the session here and on the server', async ({ page }) => {
  const viewer = newViewer('Otto');
  await signUp(page, viewer);
  const token = await page.evaluate(() => (JSON.parse(localStorage.getItem('settings') ?? '{}') as { state?: { user?: { token?: string } } }).state?.user?.token);
  expect(token).toBeTruthy();

  await page.goto('/watchlist');
  // From the keyboard: Enter opens the menu on its first item, End walks to the last, Escape
  // closes it and gives the focus back (once the menu's code, loaded after the page, is there).
  const menuButton = accountMenu(page, viewer.name);
  await expect(menuButton).toHaveAttribute('data-state', 'closed');
  await menuButton.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Watchlist' })).toBeFocused();
  await page.keyboard.press('End');
  await expect(page.getByRole('menuitem', { name: 'Logout' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);
  await expect(menuButton).toBeFocused();

  await menuButton.click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();

  await expect(page).toHaveURL((url) => url.pathname === '/');
  await expect(page.locator('header:visible').getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(bell(page)).toHaveCount(0);
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('settings') ?? '{}') as { state?: { isLoggedIn?: boolean; user?: unknown } });
  expect(stored.state).toMatchObject({ isLoggedIn: false, user: null });

  const revoked = await page.request.get('/user/watchlist', { headers: { authorization: `Bearer ${token}` } });
  expect(revoked.status()).toBe(401);

  await page.goto('/watchlist');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Sign in with Google (dev)' })).toBeVisible();
});

test('an ended session signs the viewer out cleanly', async ({ page }) => {
  const viewer = newViewer('Ines');
  await signUp(page, viewer);
  const token = await page.evaluate(() => (JSON.parse(localStorage.getItem('settings') ?? '{}') as { state?: { user?: { token?: string } } }).state?.user?.token);
  // Revoked behind the app's back, as from another device or by expiry.
  expect((await page.request.post('/user/logout', { headers: { authorization: `Bearer ${token}` } })).status()).toBe(200);

  await page.goto('/my-account');
  await expect(page).toHaveURL(/\/login$/);
  await expect(accountMenu(page, viewer.name)).toHaveCount(0);
  // The login page offers the sign-in itself (and no Login button leading to it).
  await expect(page.getByRole('button', { name: 'Sign in with Google (dev)' })).toBeVisible();
  await page.goto('/');
  await expect(page.locator('header:visible').getByRole('link', { name: 'Login' })).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 780 }, isMobile: true, hasTouch: true });

  test('the top bar has the bell and a Profile button; My Account offers Logout', async ({ page }) => {
    const viewer = newViewer('Pia');
    await signUp(page, viewer);

    await bell(page).click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    await expect(panel.getByRole('button', { name: new RegExp(`Welcome to Marquee, ${viewer.name}`) })).toBeVisible();
    const box = await panel.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 375).toBe(true);
    await page.keyboard.press('Escape');

    await page.locator('header:visible').getByRole('link', { name: 'Profile' }).click();
    await expect(page).toHaveURL(/\/my-account$/);
    await page.getByRole('region', { name: 'Sign out' }).getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/');
    await expect(page.locator('header:visible').getByRole('link', { name: 'Login' })).toBeVisible();
  });
});
