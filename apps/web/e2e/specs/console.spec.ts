import { bannerCarousel, contentRow, expect, test } from './fixtures/browse';
import { giveRole, sessionOf, signIn, unique } from './fixtures/console';
import { makeTestVideo } from './fixtures/media';
import { expectPlayingPast, player } from './fixtures/playback';
import { dropUploadHalfWay, UPLOAD_URL } from './fixtures/uploads';

/**
 * The operator console against the real server. An administrator (ADMIN_EMAILS, set by e2e/run.mjs)
 * makes a new account an editor; the editor does the rest in the browser. The spec works in a
 * category of its own, hidden again at the end, so the demo's Home layout other specs read is untouched.
 */

/** An 8×8 orange PNG: the server re-encodes artwork to WebP at its own sizes. */
const ARTWORK_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEUlEQVR42mN4FqCBFTEMLQkAYEZXgcV6mZkAAAAASUVORK5CYII=', 'base64');

test('an editor creates a movie, uploads its video, puts it in a row and a banner, publishes it; viewers find it and play it', async ({ page, browser, pageHealth }) => {
  // The walk waits for a real transcode, which a busy machine slows down.
  test.slow();
  // A new account's first sign-in is answered "user doesn't exist" before it signs up.
  pageHealth.expect({ url: /\/user\/login$/, status: 400 });
  // The upload's connection is dropped on purpose half-way (dropUploadHalfWay).
  pageHealth.expect({ url: UPLOAD_URL });
  const id = unique();
  const movie = `Console Premiere ${id}`;
  const category = `Premieres ${id}`;
  const row = `Just In ${id}`;
  const sourceVideo = makeTestVideo({ seconds: 4, label: movie });
  await signIn(page, { name: 'Edna Editor', email: `edna.${id}@e2e.marquee.example` });
  await giveRole(browser, { userId: (await sessionOf(page)).userId, role: 'editor', reason: 'Runs the catalogue' });

  // The console opens on the titles list; an editor sees the catalogue sections and not Staff.
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Titles' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Console' });
  await expect(nav.getByRole('link', { name: 'Home layout' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Staff' })).toHaveCount(0);

  // A new movie, as a draft. The slug follows the name.
  await page.getByRole('link', { name: 'New title' }).click();
  const form = page.getByRole('form', { name: 'New title' });
  await form.getByLabel('Name', { exact: true }).fill(movie);
  await expect(form.getByLabel('Slug')).toHaveValue(`console-premiere-${id}`);
  await form.getByLabel('Description').fill('A lighthouse keeper films the last night before the lamp goes dark.');
  await form.getByLabel('Genres').fill('Drama, Mystery');
  await form.getByLabel('Release year').fill('2026');
  await form.getByLabel('Rating (0 to 5)').fill('4.5');
  // The contract's own rule, before anything is sent.
  await form.getByLabel('Rent price (USD)').fill('0.10');
  await form.getByRole('button', { name: 'Create title' }).click();
  await expect(form.getByLabel('Rent price (USD)')).toHaveAccessibleDescription(/The lowest price is \$0.50/);
  await form.getByLabel('Rent price (USD)').fill('3.99');
  await form.getByRole('button', { name: 'Add cast member' }).click();
  await form.getByRole('group', { name: 'Cast member 1' }).getByLabel('Name').fill('Mara Quint');
  await form.getByRole('group', { name: 'Cast member 1' }).getByLabel('Role').fill('The keeper');
  await form.getByRole('button', { name: 'Create title' }).click();
  await expect(page.getByRole('heading', { level: 1, name: movie })).toBeVisible();
  await expect(page.getByText('Movie · Draft')).toBeVisible();

  // Artwork, previewed and re-encoded by the server.
  await page.getByLabel(/^Poster/).setInputFiles({ name: 'poster.png', mimeType: 'image/png', buffer: ARTWORK_PNG });
  await expect(page.getByRole('img', { name: `Poster of ${movie}`, exact: true })).toHaveAttribute('src', /^(?!blob:)./);
  await page.getByLabel(/^Wide banner/).setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: ARTWORK_PNG });
  await expect(page.getByRole('img', { name: `Wide banner of ${movie}`, exact: true })).toHaveAttribute('src', /^(?!blob:)./);

  // The full video, chosen in the file chooser and sent with the tus client. The connection drops
  // half-way; the upload carries on by itself from where the server says it stopped.
  const fullVideo = page.getByRole('group', { name: 'Full video' });
  const connection = await dropUploadHalfWay(page, sourceVideo);
  const chooser = page.waitForEvent('filechooser');
  await fullVideo.getByLabel('Full video: upload a source video').click();
  await (await chooser).setFiles({ name: 'lighthouse.mp4', mimeType: 'video/mp4', buffer: sourceVideo });
  await expect(fullVideo.getByRole('progressbar', { name: 'Uploading lighthouse.mp4' })).toBeVisible();
  connection.letFirstGo();
  expect(await connection.storedBeforeDrop).toBe(Math.floor(sourceVideo.length / 2));
  await expect(fullVideo.getByRole('progressbar', { name: 'Uploading lighthouse.mp4' })).toBeVisible();
  await expect(fullVideo.getByText(/ · resumed at \d/)).toBeVisible();
  connection.letResumedGo();
  await expect(fullVideo.getByText('lighthouse.mp4 uploaded.')).toBeVisible();
  // The console reads the transcode's state every two seconds until it is ready, so its bar shows
  // at least that long; then it ends in "ready to play".
  await expect(fullVideo.getByRole('progressbar', { name: 'Transcode' })).toBeVisible();
  await expect(fullVideo.getByText(/^Transcode: \d+% · /)).toBeVisible();
  await expect(fullVideo.getByText('Transcode finished: ready to play.')).toBeVisible({ timeout: 0 });

  // A category of its own with a row holding the movie, and the movie's banner.
  await nav.getByRole('link', { name: 'Home layout' }).click();
  const newCategory = page.getByRole('form', { name: 'New category' });
  await newCategory.getByRole('textbox', { name: 'New category' }).fill(category);
  await newCategory.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name: category })).toBeVisible();
  await page.getByLabel('New row name').fill(row);
  await page.getByRole('button', { name: 'Add row' }).click();
  const rowEditor = page.getByRole('region', { name: `Row ${row}` });
  await rowEditor.getByLabel(`Add a title to ${row}`).fill(movie);
  await rowEditor.getByRole('button', { name: `Add ${movie}` }).click();
  await expect(rowEditor.getByRole('list', { name: `Titles in ${row}` })).toContainText(movie);
  await page.getByLabel('Add a banner').fill(movie);
  await page.getByRole('button', { name: `Add ${movie}` }).click();
  await expect(page.getByRole('list', { name: `Banners of ${category}` })).toContainText(movie);

  // Published, and free to watch (a free title is not rented) so that a visitor plays it.
  await nav.getByRole('link', { name: 'Titles' }).click();
  await page.getByLabel('Search', { exact: true }).fill(movie);
  await page.getByRole('link', { name: movie }).click();
  await page.getByLabel('Rent price (USD)').clear();
  await page.getByLabel('Free to watch').check();
  await page.getByLabel('Published (shown to viewers)').check();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Movie · Published')).toBeVisible();

  // A viewer (a visitor here) finds it on the home page, in its category's banner and row, and in
  // search, and plays the uploaded video.
  const viewer = await browser.newPage();
  try {
    await viewer.goto('/');
    await viewer.getByRole('navigation', { name: 'Categories' }).getByRole('button', { name: category, exact: true }).click();
    await expect(bannerCarousel(viewer).getByRole('link', { name: movie })).toHaveCount(1);
    await expect(contentRow(viewer, row).getByRole('link', { name: movie })).toBeVisible();
    await viewer.goto(`/search?q=${encodeURIComponent(movie)}`);
    await expect(viewer.getByRole('link', { name: movie }).first()).toBeVisible();
    await viewer.getByRole('link', { name: movie }).first().click();
    await expect(viewer.getByRole('heading', { level: 1, name: movie })).toBeVisible();
    const moviePlayer = player(viewer, movie);
    await moviePlayer.getByRole('button', { name: 'Play', exact: true }).click();
    await expectPlayingPast(moviePlayer.locator('video'), 1);
  } finally {
    await viewer.close();
  }

  // Clean up: the category is hidden again, so the home page is as the other specs expect.
  await page.goto('/admin/layout');
  const categoryButton = page.getByRole('list', { name: 'Categories' }).getByRole('button', { name: new RegExp(`^${category}`) });
  await categoryButton.click();
  await page.getByRole('checkbox', { name: `Shown ${category}` }).uncheck();
  await expect(categoryButton).toContainText('(hidden)');
});

test('a viewer opening the console is refused, and so is its API', async ({ page, pageHealth }) => {
  pageHealth.expect({ url: /\/admin\/api\//, status: 403 });
  pageHealth.expect({ url: /\/user\/login$/, status: 400 });
  const id = unique();
  await signIn(page, { name: 'Vera Viewer', email: `vera.${id}@e2e.marquee.example` });
  await page.goto('/admin/titles');
  await expect(page.getByRole('heading', { level: 1, name: 'This area is for Marquee staff' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Console' })).toHaveCount(0);

  const { token } = await sessionOf(page);
  const titles = await page.request.get('/admin/api/titles', { headers: { authorization: `Bearer ${token}` } });
  expect(titles.status()).toBe(403);
  const anonymous = await page.request.get('/admin/api/titles');
  expect(anonymous.status()).toBe(401);
});

test('a visitor opening the console is sent to sign in', async ({ page }) => {
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Sign in with Google (dev)' })).toBeVisible();
});
