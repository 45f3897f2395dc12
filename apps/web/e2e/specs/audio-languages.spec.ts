import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures/browse';
import { currentTime, expectPlayingPast, player, sessionToken, signUpNewViewer, titles } from './fixtures/playback';

/**
 * Audio languages and subtitles: the free demo documentary carries English and Spanish audio as
 * alternate HLS renditions and WebVTT subtitles in both (apps/server/src/demo/clips). The player's
 * menus list what hls.js reports; the profile remembers the choice for the next title.
 */
const multilingual = { slug: 'wild-currents', name: 'Wild Currents' } as const;

async function startPlayback(page: Page, label: string) {
  const region = player(page, label);
  const video = region.locator('video');
  await region.getByRole('button', { name: /^(Play|Resume from .*)$/ }).click();
  await expectPlayingPast(video, 1);
  return { region, video };
}

/** Opens one of the control bar's menus and returns its items' names. */
async function openMenu(region: Locator, button: RegExp, title: string): Promise<string[]> {
  await region.hover();
  await region.getByRole('button', { name: button }).click();
  const menu = region.getByRole('menu', { name: title });
  await expect(menu).toBeVisible();
  return (await menu.getByRole('menuitemradio').allInnerTexts()).map((text) => text.replace('✓', '').trim());
}

/** The text tracks the video shows, with how many cues each has loaded. */
function showingTextTracks(video: Locator): Promise<{ language: string; cues: number }[]> {
  return video.evaluate((element: HTMLVideoElement) =>
    Array.from(element.textTracks)
      .filter((track) => track.mode === 'showing')
      .map((track) => ({ language: track.language, cues: track.cues?.length ?? 0 })),
  );
}

/** Remembers each request's path, to see which audio rendition and subtitle file the player fetched. */
function recordRequests(page: Page): string[] {
  const paths: string[] = [];
  page.on('request', (request) => paths.push(new URL(request.url()).pathname));
  return paths;
}

test('the two-language documentary switches audio mid-playback, shows subtitles, and the profile keeps both for the next title', async ({ page, request, pageHealth }) => {
  test.setTimeout(180_000);
  // The dev sign-in asks the server for an account that does not exist yet (400), then signs up.
  pageHealth.expect({ url: /\/user\/login$/, status: 400 });
  await signUpNewViewer(page, 'Lena');
  const requested = recordRequests(page);

  await page.goto(`/movie/${multilingual.slug}`);
  const { region, video } = await startPlayback(page, multilingual.name);

  // The Audio menu lists the alternate renditions hls.js found in the master playlist.
  expect(await openMenu(region, /^Audio: English$/, 'Audio')).toEqual(['English', 'Español']);
  expect(requested.some((path) => path.endsWith('/audio-en/index.m3u8'))).toBe(true);

  // Switch mid-playback: the clock never stops for long, and the Spanish rendition is what loads now.
  await expectPlayingPast(video, 2);
  const saved = page.waitForResponse((response) => response.url().endsWith('/user/profile-languages') && response.request().method() === 'PUT');
  await region.getByRole('menuitemradio', { name: 'Español' }).click();
  const switchedAt = await currentTime(video);
  expect((await saved).status()).toBe(200);
  await expect(region.getByRole('button', { name: 'Audio: Español' })).toBeAttached();
  await expect.poll(() => requested.some((path) => /\/audio-es\/.+\.(m4s|mp4)$/.test(path)), { message: 'Spanish audio segments load' }).toBe(true);
  await expect.poll(() => currentTime(video), { timeout: 10_000, message: 'playback keeps advancing after the switch' }).toBeGreaterThan(switchedAt + 3);
  expect(await video.evaluate((element: HTMLVideoElement) => element.paused)).toBe(false);

  // Subtitles: off until chosen, then the English WebVTT rendition shows its cues.
  expect(await showingTextTracks(video)).toEqual([]);
  expect(await openMenu(region, /^Subtitles: Off$/, 'Subtitles')).toEqual(['Off', 'English', 'Español']);
  await region.getByRole('menuitemradio', { name: 'English' }).click();
  await expect(region.getByRole('button', { name: 'Subtitles: English' })).toBeAttached();
  await expect.poll(() => showingTextTracks(video)).toEqual([{ language: 'en', cues: expect.any(Number) }]);
  await expect.poll(async () => (await showingTextTracks(video))[0]?.cues ?? 0).toBeGreaterThan(0);
  expect(requested.some((path) => path.endsWith('/subtitles/en.vtt'))).toBe(true);

  // An unknown language code is refused and changes nothing.
  const token = await sessionToken(page);
  const headers = { authorization: `Bearer ${token}` };
  const refused = await request.put('/user/profile-languages', { headers, data: { audioLanguage: 'xx' } });
  expect(refused.status()).toBe(400);
  expect(await refused.text()).toMatch(/Unknown language code/);
  await expect
    .poll(async () => {
      const answer = (await (await request.get('/user/profiles', { headers })).json()) as { profiles: { _id: string; audioLanguage: string | null; subtitleLanguage: string | null }[]; current: string };
      const current = answer.profiles.find((profile) => profile._id === answer.current);
      return current && { audioLanguage: current.audioLanguage, subtitleLanguage: current.subtitleLanguage };
    })
    .toEqual({ audioLanguage: 'es', subtitleLanguage: 'en' });

  // The next title starts with English subtitles on, as this profile chose.
  await page.goto(`/movie/${titles.free.slug}`);
  const next = await startPlayback(page, titles.free.name);
  await expect(next.region.getByRole('button', { name: 'Subtitles: English' })).toBeAttached();
  await expect.poll(() => showingTextTracks(next.video)).toEqual([{ language: 'en', cues: expect.any(Number) }]);

  // After a reload, the documentary starts in Spanish with English subtitles: only Spanish audio loads.
  await page.goto(`/movie/${multilingual.slug}`);
  requested.length = 0;
  await page.reload();
  const again = await startPlayback(page, multilingual.name);
  await expect(again.region.getByRole('button', { name: 'Audio: Español' })).toBeAttached();
  await expect(again.region.getByRole('button', { name: 'Subtitles: English' })).toBeAttached();
  expect(requested.some((path) => path.includes('/audio-es/'))).toBe(true);
  expect(requested.some((path) => path.includes('/audio-en/')), 'the English audio is never fetched').toBe(false);
});
