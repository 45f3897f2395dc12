import type { Page } from '@playwright/test';
import { payInWallet, rentable } from './fixtures/billing';
import { expect, test } from './fixtures/browse';
import { giveRole, sessionOf, signIn, unique } from './fixtures/console';
import { expectPlayingPast, player, sessionToken, signUpNewViewer } from './fixtures/playback';

/**
 * Support in the operator console against the real server: a refund made from the Payments page
 * ends what the payment bought, on the viewer's page and in the playback API.
 */

test('a support agent refunds a rental in the console, and the viewer loses the title', async ({ page, browser, pageHealth }) => {
  // Three accounts sign in and a film plays: more steps than most specs, on a machine that may be busy.
  test.slow();
  // New accounts' first sign-in is answered "user doesn't exist" before they sign up.
  pageHealth.expect({ url: /\/user\/login$/, status: 400 });
  // Once refunded, the player's next renewal of its link is refused: that is what stops it.
  pageHealth.expect({ url: /\/user\/playback-link\//, status: 403 });

  // A viewer rents the movie with the sandbox wallet and plays it.
  const email = await signUpNewViewer(page, 'Rosa');
  await page.goto(`/movie/${rentable.slug}`);
  await page.getByRole('button', { name: 'Watch Now' }).click();
  await page.getByRole('dialog', { name: 'Select Your Preference' }).getByRole('button', { name: `Rent for ${rentable.price}` }).click();
  await payInWallet(page, 'Visa •••• 4242');
  await expect(accessBadge(page)).toHaveText('Rented');
  const region = player(page, rentable.name);
  // Play takes the rental's one stream for this player: its link renewals name the player.
  const playerRenewal = page.waitForRequest((request) => request.url().includes('/user/playback-link/'));
  await region.getByRole('button', { name: 'Play', exact: true }).click();
  await expectPlayingPast(region.locator('video'), 1);
  const video = await rentedVideo(page, (await playerRenewal).url());
  expect((await video.renewLink()).status()).toBe(200);

  // A support agent finds the payment by the viewer's email and refunds it, with a reason.
  const supportContext = await browser.newContext();
  try {
    const support = await supportContext.newPage();
    const agent = { name: 'Sam Support', email: `sam.${unique()}@e2e.marquee.example` };
    await signIn(support, agent);
    await giveRole(browser, { userId: (await sessionOf(support)).userId, role: 'support', reason: 'Answers the help desk' });
    await support.goto('/admin');
    await support.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Payments' }).click();
    await support.getByRole('list', { name: 'Payments' }).getByRole('link', { name: `${rentable.name} · ${rentable.price} · ${email}` }).click();
    await expect(support.getByRole('heading', { level: 1, name: `${rentable.name} · ${rentable.price}` })).toBeVisible();
    await expect(support.getByText(/^Status: (captured|granted)$/)).toBeVisible();
    const refund = support.getByRole('form', { name: 'Refund the payment' });
    await refund.getByLabel('Reason').fill('Charged for a film the viewer could not finish');
    await refund.getByRole('button', { name: 'Refund' }).click();
    await expect(support.getByText('Refunded: the access it paid for has ended.')).toBeVisible();
    await expect(support.getByText(/^Status: revoked since /)).toBeVisible();
  } finally {
    await supportContext.close();
  }

  // The viewer's page offers the rental again instead of the film, and the playback API refuses it.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: rentable.name })).toBeVisible();
  await expect(accessBadge(page)).toHaveText(`Rent ${rentable.price}`);
  await expect(page.getByRole('button', { name: 'Watch Now' })).toBeVisible();
  await expect(player(page, `${rentable.name} trailer`)).toBeVisible();
  await expect(player(page, rentable.name)).toHaveCount(0);
  const refused = await video.renewLink();
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { detail?: string }).detail).toBe('Your access to this title has ended');
});

/** The title page's access badge beside its heading: "Rent $4.99", "Rented", "Included"… */
function accessBadge(page: Page) {
  return page.locator('main h1 ~ div [data-access]');
}

/** The rented film's video, renewed as its player renews its signed link (the playback API, the same player). */
async function rentedVideo(page: Page, renewalUrl: string) {
  const headers = { authorization: `Bearer ${await sessionToken(page)}` };
  expect(new URL(renewalUrl).searchParams.get('player')).toMatch(/^[0-9a-f-]{36}$/);
  return { renewLink: () => page.request.get(renewalUrl, { headers }) };
}
