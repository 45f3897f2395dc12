import type { Page } from '@playwright/test';
import { payInWallet, rentable } from './fixtures/billing';
import { expect, test } from './fixtures/browse';
import { expectPlayingPast, player, sessionToken, signUpNewViewer, titles } from './fixtures/playback';

/**
 * Paying through the built-in sandbox provider: the server creates, approves (the wallet's card),
 * captures and grants; nothing is granted without a captured payment.
 */

test.beforeEach(({ pageHealth }) => {
  // The dev sign-in asks for an account that does not exist yet (400).
  pageHealth.expect({ url: /\/user\/login$/, status: 400 });
});

async function rentedEntry(page: Page, slug: string) {
  const response = await page.request.get('/user/rented', { headers: { authorization: `Bearer ${await sessionToken(page)}` } });
  const body = (await response.json()) as { rentedContent: { item: { slug: string }; startedAt: string | null; expiresAt: string | null }[] };
  return body.rentedContent.find((entry) => entry.item.slug === slug);
}

async function subscriptionStatus(page: Page) {
  const response = await page.request.get('/user/subscription-status', { headers: { authorization: `Bearer ${await sessionToken(page)}` } });
  return (await response.json()) as { subscriptionValid: boolean; plan: string | null };
}

test('a new viewer subscribes with the sandbox wallet and then plays a paid title in full', async ({ page }) => {
  await signUpNewViewer(page, 'Sofia');
  await page.goto(`/movie/${titles.paid.slug}`);
  await page.getByRole('button', { name: 'Watch Now' }).click();
  await page.getByRole('dialog', { name: 'Select Your Preference' }).getByRole('button', { name: 'Buy Subscription' }).click();
  await expect(page).toHaveURL(/\/subscriptions$/);
  await expect(page.getByText(`Subscribe to watch ${titles.paid.name}`)).toBeVisible();

  await payInWallet(page, 'Visa •••• 4242');
  await expect(page).toHaveURL(/\/success$/);
  await expect(page.getByRole('heading', { name: 'Subscription activated' })).toBeVisible();
  expect((await subscriptionStatus(page)).subscriptionValid).toBe(true);

  await page.goto(`/movie/${titles.paid.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: titles.paid.name })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Watch Now' })).toHaveCount(0);
  await expect(page.locator('main h1 ~ div [data-access]')).toHaveText('Included');
  const region = player(page, titles.paid.name);
  await region.getByRole('button', { name: 'Play' }).click();
  await expectPlayingPast(region.locator('video'), 1);

  // A second purchase renews: the success dialog leads to My Account, which shows the plan.
  await page.goto('/subscriptions');
  await expect(page.getByText(/plan is active until/)).toBeVisible();
  await payInWallet(page, 'Visa •••• 4242');
  const done = page.getByRole('dialog', { name: 'Subscription renewed' });
  await done.getByRole('link', { name: 'Enjoy Watching' }).click();
  await expect(page).toHaveURL(/\/my-account$/);
  await expect(page.getByRole('region', { name: 'Subscription' })).toContainText(/plan is active until/);
});

test('a declined card shows the refusal and grants nothing', async ({ page, pageHealth }) => {
  pageHealth.expect({ url: /\/user\/buy\/subscription$/, status: 402 });
  await signUpNewViewer(page, 'Dario');
  await page.goto('/subscriptions');
  const wallet = await payInWallet(page, 'Visa •••• 0002');
  await expect(wallet.getByRole('alert')).toContainText(/declined/i);
  await expect(page).toHaveURL(/\/subscriptions$/);
  expect((await subscriptionStatus(page)).subscriptionValid).toBe(false);

  await page.keyboard.press('Escape');
  await page.goto(`/movie/${titles.paid.slug}`);
  await expect(page.getByRole('button', { name: 'Watch Now' })).toBeVisible();
});

test('a viewer rents a title from the watch dialog; it waits for Play, and only Play starts the 48 hours', async ({ page }) => {
  await signUpNewViewer(page, 'Rhea');
  await page.goto('/my-account/rented');
  await expect(page.getByRole('heading', { name: 'No Data Found' })).toBeVisible();

  await page.goto(`/movie/${rentable.slug}`);
  await expect(page.locator('main h1 ~ div [data-access]')).toHaveText(`Rent ${rentable.price}`);
  await page.getByRole('button', { name: 'Watch Now' }).click();
  const preference = page.getByRole('dialog', { name: 'Select Your Preference' });
  await expect(preference.getByRole('button', { name: 'Buy Subscription' })).toBeVisible();
  await preference.getByRole('button', { name: `Rent for ${rentable.price}` }).click();
  await expect(page.getByRole('dialog', { name: `Rent ${rentable.name}` })).toContainText('48 hours to finish once you start');
  await payInWallet(page, 'Visa •••• 4242');

  // The full movie replaces the trailer and waits, its Play button focused, with the terms beside it.
  const region = player(page, rentable.name);
  const start = region.getByRole('button', { name: 'Play', exact: true });
  await expect(start).toBeFocused();
  await expect(region).toContainText('Your 48 hours start when you press Play.');
  await expect(page.getByRole('button', { name: /^Rent for/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Watch Now' })).toHaveCount(0);
  await expect(page.locator('main h1 ~ div [data-access]')).toHaveText('Rented');
  expect(await region.locator('video').evaluate((video: HTMLVideoElement) => video.paused && video.currentTime === 0)).toBe(true);
  // The server agrees: the rental is not started.
  const rental = await rentedEntry(page, rentable.slug);
  expect(rental).toMatchObject({ startedAt: null, expiresAt: null });

  await start.press('Enter');
  await expectPlayingPast(region.locator('video'), 1);
  await expect.poll(async () => (await rentedEntry(page, rentable.slug))?.startedAt ?? null).not.toBeNull();

  await page.goto('/my-account/rented');
  const card = page.getByRole('link', { name: new RegExp(rentable.name) });
  await expect(card).toBeVisible();
  // Playback started the 48-hour window; the title's badge says so too.
  await expect(card).toContainText(/4[78] h left/);
  await card.click();
  await expect(page.locator('main h1 ~ div [data-access]')).toHaveText(/^Rented · 4[78] h left$/);
});

test('when a trailer ends, a visitor is offered the subscription or the rental', async ({ page }) => {
  await page.goto(`/movie/${rentable.slug}`);
  const region = player(page, `${rentable.name} trailer`);
  const video = region.locator('video');
  await region.getByRole('button', { name: 'Play trailer' }).click();
  await expectPlayingPast(video, 0.5);
  await video.evaluate((element: HTMLVideoElement) => {
    element.currentTime = Math.max(0, element.duration - 0.3);
  });
  await expect(region.getByText(`Watch all of ${rentable.name}`)).toBeVisible({ timeout: 15_000 });
  await expect(region.getByRole('link', { name: 'Buy Subscription' })).toBeVisible();
  await region.getByRole('button', { name: `Rent for ${rentable.price}` }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('/success without state goes home', async ({ page }) => {
  await page.goto('/success');
  await expect(page).toHaveURL((url) => url.pathname === '/');
});
