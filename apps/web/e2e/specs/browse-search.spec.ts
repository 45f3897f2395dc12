import type { Locator, Page } from '@playwright/test';
import { catalogue, contentRow, expect, openHome, rowCards, test, watchLayoutShifts } from './fixtures/browse';

function headerSearch(page: Page) {
  const root = page.getByRole('search', { name: 'Site search' });
  return { root, box: root.getByRole('searchbox', { name: 'Search movies and series' }) };
}

function searchPageBox(page: Page) {
  return page.getByRole('search', { name: 'Search the catalogue' }).getByRole('searchbox');
}

/**
 * Types a term and waits for its answer, so the previous term's message cannot pass for this one's.
 * Returns the names of every title the server answered with.
 */
async function searchFor(page: Page, box: Locator, term: string): Promise<string[]> {
  const answered = page.waitForResponse((response) => response.url().endsWith(`/search/${encodeURIComponent(term)}`));
  await box.fill(term);
  const body = (await (await answered).json()) as Record<string, { name: string }[]>;
  return Object.values(body).flat().map((item) => item.name);
}

test.describe('header search', () => {
  test('a typo still finds the series, and the box clears on navigation', async ({ page }) => {
    await openHome(page);
    const { root, box } = headerSearch(page);
    // Typed key by key: the search runs on every keystroke.
    await box.pressSequentially('strnger tids');

    const result = root.getByRole('link', { name: /Stranger Tides/ });
    await expect(result).toBeVisible();
    await result.click();

    await expect(page).toHaveURL(/\/series\/stranger-tides$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Stranger Tides' })).toBeVisible();
    await expect(box).toHaveValue('');
    await expect(result).toBeHidden();
  });

  test('See all results opens the search page with the term', async ({ page }) => {
    await openHome(page);
    const { root, box } = headerSearch(page);
    await box.fill('salt');
    await root.getByRole('link', { name: 'See all results' }).click();

    await expect(page).toHaveURL(/\/search\?q=salt$/);
    await expect(searchPageBox(page)).toHaveValue('salt');
    await expect(rowCards(contentRow(page, 'Movies')).filter({ hasText: 'Salt and Iron' })).toHaveCount(1);
    await expect(rowCards(contentRow(page, 'Series')).filter({ hasText: 'Kingdom of Salt' })).toHaveCount(1);
    // The search page has one box: the header's makes way for it.
    await expect(page.getByRole('searchbox')).toHaveCount(1);
    await expect(root).toHaveCount(0);
  });

  test('says No results found when nothing matches', async ({ page }) => {
    await openHome(page);
    const { root, box } = headerSearch(page);
    await searchFor(page, box, 'qzxjvwpk');
    // The message is drawn once and announced once (a screen-reader-only live region).
    await expect(root.getByText('No results found')).toHaveCount(2);
    await expect(root.getByText('No results found').last()).toBeVisible();
    await expect(root.getByRole('link')).toHaveCount(0);
  });

  test('disabled titles are never offered', async ({ page }) => {
    await openHome(page);
    const { root, box } = headerSearch(page);
    for (const name of catalogue.disabledTitles) {
      const names = await searchFor(page, box, name);
      expect(names).not.toContain(name);
      // Typo tolerance may offer enabled look-alikes ('Borrowed Thunder' finds 'Borrowed Light').
      await expect(root.getByText(names.length === 0 ? 'No results found' : 'See all results').last()).toBeVisible();
      await expect(root.getByRole('link', { name, exact: true })).toHaveCount(0);
    }
  });
});

test.describe('search page', () => {
  test('nothing on the page moves while it loads, even when the results take fewer rows than their placeholders', async ({ page }) => {
    const shifts = await watchLayoutShifts(page);
    // A slow answer: the page draws its placeholder rows first, then one row of results ('sum' finds movies only).
    await page.route('**/search/sum', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.goto('/search?q=sum');
    await expect(contentRow(page, 'Movies')).toBeVisible();
    await expect(contentRow(page, 'Series')).toHaveCount(0);
    await page.waitForTimeout(500);
    const { total, moved } = await shifts.score();
    // Lighthouse's goal is a CLS under 0.1; skeletons are meant to keep it under 0.05.
    expect(total, `layout shifts of ${moved.join(', ')}`).toBeLessThan(0.05);
  });

  test('shows Movies and Series rows and opens a result', async ({ page }) => {
    await page.goto('/search');
    const box = searchPageBox(page);
    await expect(box).toBeFocused();
    await box.fill('salt');

    const movies = contentRow(page, 'Movies');
    const series = contentRow(page, 'Series');
    await expect(rowCards(movies)).toHaveText(['Salt and Iron']);
    await expect(rowCards(series)).toHaveText(['Kingdom of Salt']);
    await expect(page).toHaveURL(/\/search\?q=salt$/);

    await rowCards(series).first().click();
    await expect(page).toHaveURL(/\/series\/kingdom-of-salt$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Kingdom of Salt' })).toBeVisible();
  });

  test('says No results found for gibberish, and never offers disabled titles', async ({ page }) => {
    await page.goto('/search?q=qzxjvwpk');
    await expect(page.getByText('No results found', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2 })).toHaveCount(0);

    const box = searchPageBox(page);
    for (const name of catalogue.disabledTitles) {
      const names = await searchFor(page, box, name);
      expect(names).not.toContain(name);
      if (names.length === 0) await expect(page.getByText('No results found', { exact: true })).toBeVisible();
      else await expect(page.getByRole('main').getByText(names[0], { exact: true }).first()).toBeVisible();
      await expect(page.getByRole('link', { name, exact: true })).toHaveCount(0);
    }
  });

  for (const delay of [0, 40]) {
    test(`keeps every letter typed ${delay === 0 ? 'as fast as keys can go' : `${delay} ms apart`}, in the box, the URL and the search`, async ({ page }) => {
      const searched: string[] = [];
      page.on('request', (request) => {
        const path = new URL(request.url()).pathname;
        if (path.startsWith('/search/')) searched.push(decodeURIComponent(path.slice('/search/'.length)));
      });
      await page.goto('/search');
      const box = searchPageBox(page);
      await expect(box).toBeFocused();

      for (const term of ['stranger tides', 'kingdom of salt']) {
        await box.fill('');
        await box.pressSequentially(term, { delay });
        await expect(box).toHaveValue(term);
        await expect(page).toHaveURL(`/search?q=${term.replaceAll(' ', '+')}`);
        await expect.poll(() => searched.at(-1)).toBe(term);
      }
      await expect(rowCards(contentRow(page, 'Series')).filter({ hasText: 'Kingdom of Salt' })).toHaveCount(1);
    });
  }

  test('a search term survives a reload', async ({ page }) => {
    await page.goto('/search');
    await searchPageBox(page).fill('summer');
    await expect(rowCards(contentRow(page, 'Movies'))).toHaveCount(2);
    await page.reload();
    await expect(searchPageBox(page)).toHaveValue('summer');
    await expect(rowCards(contentRow(page, 'Movies')).filter({ hasText: 'Straw Hat Summer' })).toHaveCount(1);
  });
});
