import { expect, test } from './fixtures/browse';
import { signUpNewViewer, startPlayback, subscribeToFirstPlan } from './fixtures/playback';
import { addKidsProfile, switchProfile } from './fixtures/profiles';

/**
 * The profile a browser watches as decides what plays, at once: a 16+ title playing in one tab
 * stops, with the reason, when another tab of the same browser switches to a kids profile, and
 * every link it held answers 403 from then on.
 */
const grownUp = { slug: 'neon-requiem', name: 'Neon Requiem' } as const; // rated 16+; the demo's clips also play for kids titles

test('a 16+ title stops with a message when another tab switches to a kids profile, and its old links answer 403', async ({ page, pageHealth }) => {
  // Sign-up, a subscription, a profile made and chosen in a second tab: a long walk on a busy machine.
  test.slow();
  pageHealth.expect({ url: /\/user\/login$/, status: 400 });
  // Once the kids profile watches, the player's next segment and its renewal are refused.
  pageHealth.expect({ url: /\/media\/s\//, status: 403 });
  pageHealth.expect({ url: /\/user\/playback-link\//, status: 403 });
  await signUpNewViewer(page, 'Switcher');
  await subscribeToFirstPlan(page);
  await page.goto(`/movie/${grownUp.slug}`);
  // Every signed media URL the player asks for: the page's link first, then the player's own.
  const mediaUrls: string[] = [];
  page.on('request', (request) => {
    if (/\/media\/s\//.test(request.url())) mediaUrls.push(request.url());
  });
  const { region, video } = await startPlayback(page, grownUp.name);
  const pageLink = mediaUrls.find((url) => url.endsWith('/master.m3u8'))!;
  const segment = [...mediaUrls].reverse().find((url) => url.endsWith('.m4s'))!;
  expect(pageLink).toMatch(/\/media\/s\/\d+\/[0-9a-f-]{36}\.p\d+\.r16\//);
  expect(segment).toMatch(/\/media\/s\/\d+\/[0-9a-f-]{36}\.[0-9a-f-]{36}\.r16\//);
  expect((await page.request.get(segment)).status()).toBe(200);

  const tab = await page.context().newPage();
  try {
    await addKidsProfile(tab, 'Pip');
    await switchProfile(tab, 'Pip');
    await expect(tab.getByRole('heading', { level: 1, name: "Who's watching?" })).toHaveCount(0);

    const stopped = region.getByRole('alert');
    await expect(stopped).toContainText(
      'Neon Requiem is rated 16+ and Pip, the profile watching now, may watch titles rated up to 12+. To keep watching, switch to a profile that may watch it.',
    );
    expect(await video.evaluate((element: HTMLVideoElement) => element.paused)).toBe(true);
    await page.screenshot({ path: test.info().outputPath('stopped.png') });

    expect((await page.request.get(segment)).status()).toBe(403);
    const master = await page.request.get(pageLink);
    expect(master.status()).toBe(403);
    expect(((await master.json()) as { detail: string }).detail).toBe('This title is not available on this profile');
  } finally {
    await tab.close();
  }
});
