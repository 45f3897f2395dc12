import type { Page } from '@playwright/test';
import { expect, openHome, test } from './fixtures/browse';
import { sessionToken, signUpNewViewer, subscribeToFirstPlan } from './fixtures/playback';
import { addKidsProfile, switchProfile } from './fixtures/profiles';

/**
 * Household profiles in Chromium: a kids profile never sees a 16+ title (home, search, its page,
 * and the server refuses its playback), leaving it needs the account's PIN, and an account holds
 * at most five profiles.
 */
const grownUp = { slug: 'neon-requiem', name: 'Neon Requiem' } as const; // rated 16+, on the home page's banners
const PIN = '2468';

interface Profiles {
  profiles: { _id: string; name: string; isKids: boolean }[];
  current: string | null;
}

test('a kids profile never sees a 16+ title and cannot play it; leaving it takes the PIN; a sixth profile is refused', async ({ page, request, pageHealth }) => {
  test.slow();
  pageHealth.expect({ url: /\/user\/login$/, status: 400 });
  // Its page answers 403 on the kids profile; opening the grown-up profile asks for the PIN, then refuses a wrong one.
  pageHealth.expect({ url: new RegExp(`/movie-name/${grownUp.slug}$`), status: 403 });
  pageHealth.expect({ url: /\/user\/profiles\/[^/]+\/select$/, status: 403 });
  await signUpNewViewer(page, 'Parent');
  await subscribeToFirstPlan(page);
  const headers = { authorization: `Bearer ${await sessionToken(page)}` };
  const adult = (await (await request.get('/user/profiles', { headers })).json()) as Profiles;
  const adultName = adult.profiles[0]!.name;
  // The grown-up profile may watch the title: its page carries the full video's signed link.
  const film = (await (await request.get(`/movie-name/${grownUp.slug}`, { headers })).json()) as { _id: string; url: string };
  const assetId = /\/media\/s\/[^/]+\/[^/]+\/[^/]+\/([0-9a-f-]{36})\//.exec(film.url)![1]!;
  await openHome(page);
  await expect(page.getByRole('main').getByText(grownUp.name).first()).toBeAttached();

  // A PIN, then a kids profile.
  await page.goto('/profiles');
  await page.getByLabel('New PIN').fill(PIN);
  await page.getByRole('button', { name: 'Save PIN' }).click();
  await expect(page.getByText('PIN saved')).toBeVisible();
  await addKidsProfile(page, 'Pip');

  await switchProfile(page, 'Pip');
  await expect(page.getByRole('heading', { level: 1, name: "Who's watching?" })).toHaveCount(0);
  expect(((await (await request.get('/user/profiles', { headers })).json()) as Profiles).current).not.toBe(adult.current);

  // Not on home, not in search, not at its address.
  await openHome(page);
  await expect(bannerOrRowMentions(page)).toHaveCount(0);
  await page.goto('/search?q=requiem');
  await expect(page.getByText('No results found', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: grownUp.name })).toHaveCount(0);
  await page.goto(`/movie/${grownUp.slug}`);
  await expect(page.getByRole('heading', { name: 'This movie is not available on this profile' })).toBeVisible();
  await expect(page.getByText('This title is rated 16+ and is not available on this profile')).toBeVisible();

  // The server refuses its playback. (The demo's titles share clips, so the file itself may still
  // play for a kids title that uses it; the title is what is refused.)
  const link = await request.get(`/user/playback-link/${assetId}?title=${film._id}`, { headers });
  expect(link.status()).toBe(403);
  expect(((await link.json()) as { message: string }).message).toBe(
    'Neon Requiem is rated 16+ and Pip, the profile watching now, may watch titles rated up to 12+. To keep watching, switch to a profile that may watch it.',
  );

  // Back to the grown-up profile: a wrong PIN is refused, the right one opens it.
  await switchProfile(page, adultName);
  const pinForm = page.getByRole('form', { name: `Enter the PIN to open ${adultName}` });
  await pinForm.getByLabel('PIN', { exact: true }).fill('1357');
  await pinForm.getByRole('button', { name: 'Open profile' }).click();
  await expect(pinForm.getByRole('alert')).toHaveText('Wrong PIN');
  expect(((await (await request.get('/user/profiles', { headers })).json()) as Profiles).current).not.toBe(adult.current);
  await pinForm.getByLabel('PIN', { exact: true }).fill(PIN);
  await pinForm.getByRole('button', { name: 'Open profile' }).click();
  await expect(pinForm).toHaveCount(0);
  await openHome(page);
  await expect(page.getByRole('main').getByText(grownUp.name).first()).toBeAttached();

  // Five profiles at most: the form goes away at five, and the server refuses a sixth.
  for (const name of ['Three', 'Four', 'Five']) {
    const made = await request.post('/user/profiles', { headers, data: { name, avatar: 'sunset', isKids: false, maxAgeRating: null, requiresPin: false } });
    expect(made.status()).toBe(200);
  }
  await page.goto('/profiles');
  await expect(page.getByRole('heading', { level: 1, name: 'Profiles' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Add a profile' })).toHaveCount(0);
  const sixth = await request.post('/user/profiles', { headers, data: { name: 'Six', avatar: 'sunset', isKids: false, maxAgeRating: null, requiresPin: false } });
  expect(sixth.status()).toBe(409);
  expect(((await sixth.json()) as { message: string }).message).toBe('An account holds at most 5 profiles');
  expect(((await (await request.get('/user/profiles', { headers })).json()) as Profiles).profiles.map((p) => p.name)).toEqual([adultName, 'Pip', 'Three', 'Four', 'Five']);
});

/** Any card, banner or row of the home page naming the grown-up title. */
function bannerOrRowMentions(page: Page) {
  return page.getByRole('main').getByText(grownUp.name);
}
