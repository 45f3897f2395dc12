import { contentRow, expect, expectNoSeriousA11yViolations, openHome, rowCards, test } from './fixtures/browse';

test.describe('accessibility (axe, serious and critical)', () => {
  test('home', async ({ page }) => {
    await openHome(page);
    await expect(rowCards(contentRow(page, 'Trending Now')).first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test('a movie page', async ({ page }) => {
    await page.goto('/movie/cafe-lumiere');
    await expect(page.getByRole('heading', { level: 1, name: 'Café Lumière' })).toBeVisible();
    await expect(rowCards(contentRow(page, 'You might also like')).first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test('a series page', async ({ page }) => {
    await page.goto('/series/stranger-tides');
    await expect(rowCards(contentRow(page, 'Episodes'), 'button').first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test('search with results and with none', async ({ page }) => {
    await page.goto('/search?q=salt');
    await expect(rowCards(contentRow(page, 'Series')).first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.goto('/search?q=qzxjvwpk');
    await expect(page.getByText('No results found', { exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test('the header search drop-down', async ({ page }) => {
    await openHome(page);
    await page.getByRole('search', { name: 'Site search' }).getByRole('searchbox').fill('tides');
    await expect(page.getByRole('search', { name: 'Site search' }).getByRole('link', { name: /Stranger Tides/ })).toBeVisible();
    // The rest of home is covered above.
    await expectNoSeriousA11yViolations(page, 'header [role="search"]');
  });

  test('contact, also with errors shown', async ({ page }) => {
    await page.goto('/contact-us');
    await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('First name is required')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'form');
  });
});
