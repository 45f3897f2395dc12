import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { signUpNewViewer, titles } from './fixtures/playback';

/**
 * A staging site (production mode with STAGING_TEST_PROVIDERS, started by e2e/run.mjs beside the
 * main server) says so on every kind of page, signed out and signed in, so nobody takes it for the
 * real site; the default site never shows the ribbon.
 */
const stagingURL = process.env.E2E_STAGING_URL;
const RIBBON = 'Test mode: anyone may sign in with any email; payments are not charged.';
/** The staging server's ADMIN_EMAILS and operators' key, DEV_SIGN_IN_STAFF_KEY (e2e/run.mjs). */
const STAGING_ADMIN = 'staging-admin@e2e.marquee.example';
const STAFF_KEY = process.env.E2E_STAGING_STAFF_KEY;

/** One page of each kind a signed-out visitor reaches, for a site with these two titles. */
const signedOutPages = (movie: string, series: string) => [
  '/',
  `/movie/${movie}`,
  `/series/${series}`,
  '/search?q=harbour',
  '/view-all/Trending%20Now',
  '/third-party',
  '/subscriptions',
  '/login',
  '/contact-us',
  '/termsandconditions',
  '/privacyPolicy',
  '/about-us',
  '/refund',
  '/no-such-page',
];
const signedInPages = ['/my-account', '/my-account/rented', '/watchlist', '/success'];

const ribbon = (page: Page) => page.getByText(/^Test mode:/);

test.describe('staging site', () => {
  test.skip(!stagingURL, 'needs the staging server that e2e/run.mjs starts (E2E_STAGING_URL)');
  test.use({ baseURL: stagingURL });

  test('shows the test-mode ribbon on every kind of page, signed out and signed in', async ({ page, request }) => {
    // Staging starts empty (no demo in production mode): an editor adds a movie and a series.
    const [movie, series] = await addTitles(request);
    for (const path of signedOutPages(movie, series)) {
      await page.goto(path);
      await expect(ribbon(page), path).toHaveText(RIBBON);
    }
    await signUpNewViewer(page, 'Staging');
    for (const path of signedInPages) {
      await page.goto(path);
      await expect(ribbon(page), path).toHaveText(RIBBON);
    }
  });
});

test('the default site shows no test-mode ribbon on any kind of page', async ({ page }) => {
  const check = async (path: string) => {
    await page.goto(path);
    // The ribbon comes with the display settings: once the page is quiet, they have arrived.
    await page.waitForLoadState('networkidle');
    await expect(page.locator('header:visible').first()).toBeVisible();
    await expect(ribbon(page), path).toHaveCount(0);
  };
  for (const path of signedOutPages(titles.free.slug, titles.freeSeries.slug)) await check(path);
  await signUpNewViewer(page, 'Default');
  for (const path of signedInPages) await check(path);
});

/**
 * Signs the staging admin in through the API, with the operators' key (without it the address
 * alone gives no console), and creates a published movie and series; returns their slugs.
 */
async function addTitles(request: APIRequestContext): Promise<[string, string]> {
  const signIn = async (staffKey?: string) => {
    const idToken = async () => {
      const { nonce } = await (await request.get('/user/login/nonce')).json();
      const data = { email: STAGING_ADMIN, name: 'Staging Admin', nonce, ...(staffKey ? { staffKey } : {}) };
      return (await (await request.post('/dev-idp/token', { data })).json()).id_token as string;
    };
    await request.post('/user/signup', { data: { idToken: await idToken() } });
    const login = await request.post('/user/login', { data: { idToken: await idToken() } });
    expect(login.status()).toBe(200);
    return { authorization: `Bearer ${(await login.json()).token}` };
  };
  const typedAddress = await request.post('/admin/api/titles', { headers: await signIn(), data: { kind: 'movie', name: 'Not staff', slug: 'not-staff', isEnable: true } });
  expect(typedAddress.status()).toBe(403);
  expect(STAFF_KEY, 'e2e/run.mjs gives the staging site an operators\' key').toBeTruthy();
  const headers = await signIn(STAFF_KEY);
  const id = Date.now().toString(36);
  const slugs: string[] = [];
  for (const kind of ['movie', 'series'] as const) {
    const slug = `staging-${kind}-${id}`;
    const created = await request.post('/admin/api/titles', { headers, data: { kind, name: `Staging ${kind} ${id}`, slug, isEnable: true } });
    expect(created.status(), await created.text()).toBe(200);
    slugs.push(slug);
  }
  return [slugs[0]!, slugs[1]!];
}
