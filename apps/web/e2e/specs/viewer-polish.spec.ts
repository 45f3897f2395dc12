import type { Locator } from '@playwright/test';
import { bannerCarousel, contentRow, expect, openHome, rowCards, test } from './fixtures/browse';
import { player, signUpNewViewer } from './fixtures/playback';

/**
 * What a demanding viewer notices at 1440, 1024 and 375 px: the layout facts behind each fix,
 * measured in the page (sizes, positions, lines), rather than pictures compared pixel by pixel.
 */

type Box = { x: number; y: number; width: number; height: number };

async function box(locator: Locator): Promise<Box> {
  const found = await locator.boundingBox();
  expect(found, 'element has a box').not.toBeNull();
  return found as Box;
}

/** How many lines an element's text is drawn on. */
function lineCount(locator: Locator): Promise<number> {
  return locator.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    return new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top))).size;
  });
}


test.beforeEach(({ pageHealth }) => {
  // The dev sign-in asks for an account that does not exist yet (400).
  pageHealth.expect({ url: /\/user\/login$/, status: 400 });
});

test.describe('on a phone (375 × 812)', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the hero fills the width with a readable title and no next slide peeking; the categories scroll under a fade', async ({ page }) => {
    await openHome(page);
    const carousel = bannerCarousel(page);
    await carousel.getByRole('button', { name: 'Pause slideshow' }).click();
    const active = carousel.locator('[aria-roledescription="slide"][aria-current="true"]');
    await expect.poll(async () => (await box(active)).x).toBe(0);
    expect((await box(active)).width).toBe(375);
    // The next slide starts past the right edge: nothing of it shows.
    expect((await box(active.locator('xpath=following-sibling::*[1]'))).x).toBeGreaterThanOrEqual(375);
    const titleSize = await active.evaluate((slide) => Math.max(...[...slide.querySelectorAll('span')].map((span) => parseFloat(getComputedStyle(span).fontSize))));
    expect(titleSize).toBeGreaterThanOrEqual(28);

    const strip = page.getByRole('navigation', { name: 'Categories' }).locator('ul').first();
    const thirdParty = strip.getByRole('link', { name: 'Third-party' });
    const fits = await strip.evaluate((element) => element.scrollWidth <= element.clientWidth);
    if (!fits) {
      // Cut off at the edge: the strip scrolls, its edge fades, and the last pill scrolls clear of the fade.
      expect(await strip.evaluate((element) => getComputedStyle(element).maskImage)).toContain('gradient');
      await strip.evaluate((element) => element.scrollTo({ left: element.scrollWidth }));
      const pill = await box(thirdParty);
      expect(pill.x + pill.width).toBeLessThanOrEqual(375 * 0.85 + 1);
    }
    // In the partner catalogue its lit pill is scrolled clear of the fade by itself.
    await thirdParty.click();
    await expect(thirdParty).toHaveAttribute('aria-current', 'page');
    await expect.poll(async () => {
      const pill = await box(thirdParty);
      return pill.x + pill.width;
    }).toBeLessThanOrEqual(375 * 0.85 + 1);
  });

  test("a title's facts line never starts with a bullet, and the sandbox card labels stay whole", async ({ page }) => {
    await page.goto('/movie/neon-requiem');
    await expect(page.getByRole('heading', { level: 1, name: 'Neon Requiem' })).toBeVisible();
    const facts = page.locator('main h1 + div');
    // A fact that starts a line has its bullet outside the visible box (clipped), never drawn.
    const strayBullets = await facts.evaluate((wrapper) => {
      const left = wrapper.getBoundingClientRect().left;
      const items = [...wrapper.querySelectorAll(':scope > div > span')].slice(1);
      return items.filter((item) => {
        const bulletLeft = item.getBoundingClientRect().left;
        return bulletLeft >= left - 0.5 && bulletLeft < left + 4;
      }).length;
    });
    expect(strayBullets).toBe(0);

    await signUpNewViewer(page, 'Paz');
    await page.goto('/subscriptions');
    await page.getByRole('button', { name: 'Pay with sandbox wallet' }).first().click();
    const wallet = page.getByRole('dialog', { name: 'Sandbox wallet' });
    for (const label of ['Visa •••• 4242', 'Visa •••• 0002']) {
      expect(await lineCount(wallet.getByText(label, { exact: true }))).toBe(1);
    }
  });
});

for (const width of [1440, 1024]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test("'Pay with sandbox wallet' fits its button on one line", async ({ page }) => {
      await signUpNewViewer(page, 'Ugo');
      await page.goto('/subscriptions');
      const button = page.getByRole('button', { name: 'Pay with sandbox wallet' }).first();
      expect(await lineCount(button.getByText('Pay with sandbox wallet'))).toBe(1);
      // …and inside it: nothing spills past the button's edge.
      expect(await button.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    });
  });
}

test.describe('at 1440 px', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test("'Featured Tonight' stays well under a screen tall", async ({ page }) => {
    await openHome(page);
    const row = contentRow(page, 'Featured Tonight');
    const card = rowCards(row).first().getByRole('img');
    await card.scrollIntoViewIfNeeded();
    const picture = await box(card);
    expect(picture.height).toBeLessThanOrEqual(900 / 2 + 1);
    // Still one card across the row, cropped rather than narrowed.
    expect(picture.width).toBeGreaterThan((await box(row)).width * 0.95);
  });

  test('cast portraits are pictures, and long names and roles wrap to two lines instead of being cut', async ({ page }) => {
    await page.goto('/movie/neon-requiem');
    const cast = page.getByRole('region', { name: 'Cast' });
    const portrait = cast.getByRole('img').first();
    await expect(portrait).toHaveAttribute('src', /\/media\/images\/demo\/people\/.+\.webp$/);
    await expect.poll(() => portrait.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
    for (const text of await cast.locator('li p').all()) {
      const style = await text.evaluate((element) => ({ overflow: getComputedStyle(element).textOverflow, clamp: getComputedStyle(element).webkitLineClamp }));
      expect(style).toEqual({ overflow: 'clip', clamp: '2' });
    }
  });

  test('the current episode reads as selected, not disabled', async ({ page }) => {
    await page.goto('/series/stranger-tides');
    const cards = rowCards(contentRow(page, 'Episodes'), 'button');
    await expect(cards.first()).toHaveAttribute('aria-current', 'true');
    const look = (card: Locator) =>
      card.evaluate((element) => {
        const name = element.querySelector('span[aria-hidden="true"]') as HTMLElement;
        return { colour: getComputedStyle(name).color, opacity: getComputedStyle(element).opacity, disabled: (element as HTMLButtonElement).disabled };
      });
    const current = await look(cards.first());
    expect(current).toEqual(await look(cards.nth(1)));
    expect(current).toMatchObject({ opacity: '1', disabled: false });
  });

  test('a visitor is offered the trailer as "Play trailer"', async ({ page }) => {
    await page.goto('/movie/neon-requiem');
    await expect(player(page, 'Neon Requiem trailer').getByRole('button', { name: 'Play trailer', exact: true })).toBeVisible();
  });

  test('Continue Watching sits under the hero, its cards sized like the other rows', async ({ page }) => {
    await signUpNewViewer(page, 'Cai');
    await page.goto('/movie/straw-hat-summer');
    const region = player(page, 'Straw Hat Summer');
    await region.getByRole('button', { name: 'Play', exact: true }).click();
    await expect.poll(() => region.locator('video').evaluate((video: HTMLVideoElement) => video.currentTime), { timeout: 0 }).toBeGreaterThan(2);
    await region.locator('video').evaluate((video: HTMLVideoElement) => video.pause());
    // Progress is saved on pause.
    await openHome(page);
    const row = page.getByRole('region', { name: 'Continue Watching' });
    await expect(row).toBeVisible();
    expect((await box(row)).y).toBeGreaterThan((await box(bannerCarousel(page))).y);
    const continueCard = await box(row.getByRole('link').first());
    const rowCard = await box(rowCards(contentRow(page, 'New Releases')).first());
    expect(Math.abs(continueCard.width - rowCard.width)).toBeLessThanOrEqual(2);
  });

  test('after subscribing: what was bought, until when, what to watch next; My Account uses the width', async ({ page }) => {
    await signUpNewViewer(page, 'Maximiliana');
    await page.goto('/movie/cafe-lumiere');
    await page.getByRole('button', { name: 'Watch Now' }).click();
    await page.getByRole('dialog', { name: 'Select Your Preference' }).getByRole('button', { name: 'Buy Subscription' }).click();
    await page.getByRole('button', { name: 'Pay with sandbox wallet' }).first().click();
    await page.getByRole('dialog', { name: 'Sandbox wallet' }).getByRole('button', { name: /4242/ }).click();
    await expect(page.getByRole('heading', { name: 'Subscription activated' })).toBeVisible();
    const details = page.locator('main dl');
    await expect(details).toContainText('Monthly');
    await expect(details).toContainText('$9.99 USD');
    await expect(details).toContainText(/Watch everything until\s*[A-Z][a-z]+ \d{1,2}, \d{4}/);
    await expect(page.getByRole('link', { name: 'Watch Café Lumière' })).toHaveAttribute('href', '/movie/cafe-lumiere');
    await expect(rowCards(page.getByRole('region', { name: 'What to watch next' })).first()).toBeVisible();

    await page.goto('/subscriptions');
    await page.getByRole('button', { name: 'Pay with sandbox wallet' }).first().click();
    await page.getByRole('dialog', { name: 'Sandbox wallet' }).getByRole('button', { name: /4242/ }).click();
    const renewed = page.getByRole('dialog', { name: 'Subscription renewed' });
    await expect(renewed.locator('dl')).toContainText(/Watch everything until/);
    await expect(rowCards(renewed.getByRole('region', { name: 'What to watch next' })).first()).toBeVisible();
    await renewed.getByRole('link', { name: 'Enjoy Watching' }).click();

    await expect(page).toHaveURL(/\/my-account$/);
    for (const section of ['Profile', 'Subscription', 'Rentals', 'Sign out']) {
      await expect(page.getByRole('region', { name: section })).toBeVisible();
    }
    const profile = page.getByRole('region', { name: 'Profile' });
    expect((await box(profile)).width).toBeGreaterThan(800);
    const email = profile.locator('dd').first();
    // The whole address is shown, on one line at this width.
    expect(await email.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    expect(await lineCount(email)).toBe(1);
  });
});
