import { contentRow, expect, expectMoviePageStill, openHome, rowCards, test } from './fixtures/browse';

/** Café Lumière as the demo catalogue seeds it. */
const CAFE_LUMIERE = {
  description:
    "A Lyon barista who secretly rewrites her customers' love letters finds one addressed to her. Over one rain-soaked winter, the café becomes the stage for a courtship conducted entirely in borrowed words.",
  cast: [
    { name: 'Mara Quill', role: 'Juliette Marchal' },
    { name: 'Rosa Delgado', role: 'Antoine Vasseur' },
    { name: 'Lena Fischer', role: 'Madame Roux' },
  ],
};

test.describe('movie page', () => {
  test('a row item opens the movie with all its details', async ({ page }) => {
    await openHome(page);
    await contentRow(page, 'Trending Now').getByRole('link', { name: 'Café Lumière' }).click();

    await expect(page).toHaveURL(/\/movie\/cafe-lumiere$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Café Lumière' })).toBeVisible();
    // behaviour.md §1: the trailer plays once the demo media is transcoded; until then the artwork shows.
    const artwork = page.getByRole('img', { name: 'Café Lumière', exact: true });
    await expect(artwork.or(page.getByRole('region', { name: 'Café Lumière trailer player', exact: true }))).toBeVisible();
    const genres = page.getByRole('list', { name: 'Genres' });
    await expect(genres.getByRole('listitem')).toHaveText(['Drama', 'Romance']);
    for (const fact of ['1h 44m', 'French', '2019']) {
      await expect(page.getByText(fact, { exact: true })).toBeVisible();
    }
    await expect(page.getByRole('img', { name: 'Rated 4.3 out of 5' })).toBeVisible();
    await expect(page.getByText('Age limit 13+')).toBeVisible();

    const cast = page.getByRole('region', { name: 'Cast' });
    for (const member of CAFE_LUMIERE.cast) {
      await expect(cast.getByRole('img', { name: member.name })).toBeVisible();
      await expect(cast.getByText(member.name, { exact: true })).toBeVisible();
      await expect(cast.getByText(member.role, { exact: true })).toBeVisible();
    }
  });

  test('nothing on the page moves while it loads, even when its answer is slow', async ({ page }) => {
    await expectMoviePageStill(page, { slug: 'cafe-lumiere', name: 'Café Lumière' });
  });

  test('the description is cut at 100 characters until See more', async ({ page }) => {
    await page.goto('/movie/cafe-lumiere');
    const full = CAFE_LUMIERE.description;
    const preview = `${full.slice(0, 100).trimEnd()}…`;

    await expect(page.getByText(preview, { exact: true })).toBeVisible();
    await expect(page.getByText(full, { exact: true })).toHaveCount(0);

    await page.getByRole('button', { name: 'See more' }).click();
    await expect(page.getByText(full, { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'See less' })).toHaveAttribute('aria-expanded', 'true');

    await page.getByRole('button', { name: 'See less' }).click();
    await expect(page.getByText(preview, { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'See more' })).toHaveAttribute('aria-expanded', 'false');
  });

  test('You might also like leads to another title that loads', async ({ page }) => {
    await page.goto('/movie/cafe-lumiere');
    const similar = contentRow(page, 'You might also like');
    const first = rowCards(similar).first();
    await expect(first).toBeVisible();
    const name = await first.getByRole('img').getAttribute('alt');
    expect(name).toBeTruthy();
    expect(name).not.toBe('Café Lumière');

    await first.click();
    await expect(page).toHaveURL(/\/(movie|series)\/[a-z0-9-]+$/);
    await expect(page).not.toHaveURL(/cafe-lumiere/);
    await expect(page.getByRole('heading', { level: 1, name: name ?? '' })).toBeVisible();
    await expect(rowCards(contentRow(page, 'You might also like')).first()).toBeVisible();
  });

  test('Watch Now sends a logged-out viewer to sign in', async ({ page }) => {
    await page.goto('/movie/cafe-lumiere');
    await page.getByRole('button', { name: 'Watch Now' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { level: 1, name: /sign in/i })).toBeVisible();
  });
});

test.describe('series page', () => {
  test('shows its episode row and clicking an episode selects it', async ({ page }) => {
    await page.goto('/series/stranger-tides');
    await expect(page.getByRole('heading', { level: 1, name: 'Stranger Tides' })).toBeVisible();
    await expect(page.getByText('8 episodes', { exact: true })).toBeVisible();

    const episodes = contentRow(page, 'Episodes');
    await expect(rowCards(episodes, 'button')).toHaveCount(8);
    await expect(episodes.getByRole('button', { name: 'Next' })).toBeVisible();
    const first = episodes.getByRole('button', { name: 'Low Water' });
    const second = episodes.getByRole('button', { name: 'The Drowned Signal' });
    await expect(first).toHaveAttribute('aria-current', 'true');
    await expect(page.getByText('Episode 1: Low Water')).toBeVisible();

    await second.click();
    await expect(second).toHaveAttribute('aria-current', 'true');
    await expect(first).not.toHaveAttribute('aria-current', 'true');
    await expect(page.getByText('Episode 2: The Drowned Signal')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Watch Now' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Cast' }).getByText('Viktor Hale', { exact: true })).toBeVisible();
  });
});
