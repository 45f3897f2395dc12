import type { Page } from '@playwright/test';
import { catalogue, contentRow, expect, openHome, rowCards, test } from './fixtures/browse';

test.describe('View All', () => {
  test('lists every item of the row, also after a reload', async ({ page }) => {
    await openHome(page);
    await contentRow(page, 'Trending Now').getByRole('link', { name: 'View All' }).click();

    await expect(page).toHaveURL(/\/view-all\/Trending%20Now$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Trending Now' })).toBeVisible();
    // Ten titles are listed in the seed; 'Iron Verdict' is disabled.
    const items = page.getByRole('main').getByRole('listitem');
    await expect(items).toHaveCount(9);
    await expect(page.getByRole('main').getByRole('link', { name: 'Café Lumière' })).toBeVisible();
    for (const name of catalogue.disabledTitles) {
      await expect(page.getByRole('link', { name })).toHaveCount(0);
    }

    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Trending Now' })).toBeVisible();
    await expect(items).toHaveCount(9);

    await page.getByRole('main').getByRole('link', { name: 'Stranger Tides' }).click();
    await expect(page).toHaveURL(/\/series\/stranger-tides$/);
  });

  test('a list that is not in the active category says so', async ({ page }) => {
    await page.goto('/view-all/No%20Such%20Row');
    await expect(page.getByRole('heading', { level: 1, name: "We couldn't find this list" })).toBeVisible();
    await page.getByRole('main').getByRole('link', { name: 'Back to home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(rowCards(contentRow(page, 'Trending Now')).first()).toBeVisible();
  });
});

test.describe('policy pages', () => {
  test('the footer links open every policy page', async ({ page }) => {
    await openHome(page);
    const footer = page.getByRole('navigation', { name: 'Footer' });
    const pages = [
      { link: 'About', url: /\/about-us$/ },
      { link: 'Terms of Service', url: /\/termsandconditions$/, heading: 'Terms of Service' },
      { link: 'Privacy Policy', url: /\/privacyPolicy$/, heading: 'Privacy Policy' },
      { link: 'Refund', url: /\/refund$/, heading: 'Refund Policy' },
      { link: 'Contact Us', url: /\/contact-us$/, heading: 'Contact Us' },
    ];
    for (const target of pages) {
      await footer.getByRole('link', { name: target.link, exact: true }).click();
      await expect(page).toHaveURL(target.url);
      const heading = page.getByRole('heading', { level: 1, ...(target.heading ? { name: target.heading } : {}) });
      await expect(heading).toBeVisible();
      // The layout scrolls to the top on every path change.
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    }
  });

  test('the refund page states that refunds are not given', async ({ page }) => {
    await page.goto('/refund');
    await expect(page.getByRole('heading', { level: 1, name: 'Refund Policy' })).toBeVisible();
    await expect(page.getByRole('main')).toContainText(/refunds are not given/i);
  });

  for (const path of ['/termsandconditions', '/privacyPolicy']) {
    test(`${path} states the grievance times and the age rule`, async ({ page }) => {
      await page.goto(path);
      const main = page.getByRole('main');
      await expect(main.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(main).toContainText('within 24 hours');
      await expect(main).toContainText('within 15 days');
      await expect(main).toContainText(/\b18 years of age or older\b/);
      await expect(main).toContainText(/parent or legal guardian/);
    });
  }

  test('the terms say chargebacks suspend service', async ({ page }) => {
    await page.goto('/termsandconditions');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { name: /chargebacks/i })).toBeVisible();
    await expect(main).toContainText(/charged back .* service on your account is suspended/);
  });
});

test.describe('contact form', () => {
  test('an invalid email is refused before anything is sent', async ({ page }) => {
    const sent = recordContactPosts(page);
    await page.goto('/contact-us');
    await expect(page.getByText('221 Harbour Street, Suite 4')).toBeVisible();
    await fillContactForm(page, { email: 'not-an-email' });
    await page.getByRole('button', { name: 'Submit' }).click();

    const email = page.getByRole('textbox', { name: 'Email' });
    await expect(page.getByText('Enter a valid email address')).toBeVisible();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toHaveAccessibleDescription('Enter a valid email address');
    await expect(page.getByRole('status')).toHaveCount(0);
    expect(sent).toEqual([]);
  });

  test('a valid message is sent, confirmed and the form cleared', async ({ page }) => {
    const sent = recordContactPosts(page);
    await page.goto('/contact-us');
    await fillContactForm(page, { email: 'e2e-visitor@example.com' });
    await page.getByRole('button', { name: 'Submit' }).click();

    await expect(page.getByRole('status')).toHaveText("Thanks for writing to us. We'll reply within 24 hours.");
    for (const name of ['First name', 'Last name', 'Email', 'Phone number', 'Message']) {
      await expect(page.getByRole('textbox', { name })).toHaveValue('');
    }
    expect(sent).toHaveLength(1);
  });
});

test.describe('errors', () => {
  test('an unknown route shows the not-found page inside the layout', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Marquee home' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Footer' })).toBeVisible();
    await page.getByRole('main').getByRole('link', { name: 'Back to home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(rowCards(contentRow(page, 'Trending Now')).first()).toBeVisible();
  });

  test('an unknown or disabled title says it was not found', async ({ page, pageHealth }) => {
    pageHealth.expect({ url: /\/movie-name\/(no-such-title|iron-verdict)$/, status: 404 });
    pageHealth.expect({ url: /\/series-name\/night-shift-diaries$/, status: 404 });
    await page.goto('/movie/no-such-title');
    await expect(page.getByRole('heading', { level: 1, name: 'This movie was not found' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Footer' })).toBeVisible();

    await page.goto('/movie/iron-verdict');
    await expect(page.getByRole('heading', { level: 1, name: 'This movie was not found' })).toBeVisible();
    await page.goto('/series/night-shift-diaries');
    await expect(page.getByRole('heading', { level: 1, name: 'This series was not found' })).toBeVisible();
  });
});

function recordContactPosts(page: Page): string[] {
  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/contact') posts.push(request.postData() ?? '');
  });
  return posts;
}

async function fillContactForm(page: Page, { email }: { email: string }): Promise<void> {
  await page.getByRole('textbox', { name: 'First name' }).fill('Ada');
  await page.getByRole('textbox', { name: 'Last name' }).fill('Lovelace');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Phone number' }).fill('+351 21 000 0000');
  await page.getByRole('textbox', { name: 'Message' }).fill('Is Café Lumière available with English subtitles?');
}
