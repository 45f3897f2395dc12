import { expect, test } from './fixtures/browse';
import { currentTime, expectPlayingPast, player, signUpNewViewer, startPlayback, subscribeToFirstPlan, titles } from './fixtures/playback';

/**
 * Stream limits count players, not browsers: two tabs of one browser (one session) on a one-stream
 * plan are two streams, and the second is refused until the first gives its stream up.
 */
test('on a one-stream plan a second tab of the same browser is refused, naming the first; stopping it there lets the second play', async ({ page, pageHealth }) => {
  // Sign-up, a subscription, two players and up to one heartbeat: a long walk on a busy machine.
  test.slow();
  pageHealth.expect({ url: /\/user\/login$/, status: 400 });
  // Once the second tab holds the only stream, the first tab's next segment and heartbeat are refused.
  pageHealth.expect({ url: /\/media\/s\//, status: 403 });
  pageHealth.expect({ url: /\/user\/playback-link\//, status: 409 });
  await signUpNewViewer(page, 'Tabitha');
  await subscribeToFirstPlan(page);
  await page.goto(`/movie/${titles.paid.slug}`);
  const first = await startPlayback(page, titles.paid.name);

  const tab = await page.context().newPage();
  try {
    await tab.goto(`/movie/${titles.paid.slug}`);
    const region = player(tab, titles.paid.name);
    // The first tab's progress may already offer a resume point here.
    await region.getByRole('button', { name: /^(Play|Resume from \d+:\d\d)$/ }).click();
    const refusal = region.getByRole('alert');
    await expect(refusal).toContainText('Your plan plays on one screen at a time');
    await expect(refusal).toContainText(`Playing now: Chrome on Windows, another tab or window (${titles.paid.name})`);
    await expect(refusal.getByRole('listitem')).toHaveCount(1);
    await expect(refusal.getByRole('listitem')).toContainText(`Chrome on Windows, another tab or window${titles.paid.name}`);
    // The second player is stopped, not merely warned.
    expect(await region.locator('video').evaluate((element: HTMLVideoElement) => element.paused)).toBe(true);

    // The first tab plays on meanwhile.
    await expectPlayingPast(first.video, (await currentTime(first.video)) + 1);

    await refusal.getByRole('button', { name: `Stop ${titles.paid.name} on Chrome on Windows, another tab or window` }).click();
    await expect(refusal).toHaveCount(0);
    await expectPlayingPast(region.locator('video'), 1);

    // The first tab stops at its next segment or heartbeat, and says the other tab is watching.
    const stopped = first.region.getByRole('alert');
    await expect(stopped).toContainText('Your plan plays on one screen at a time', { timeout: 40_000 });
    await expect(stopped.getByRole('listitem')).toContainText('another tab or window');
    expect(await first.video.evaluate((element: HTMLVideoElement) => element.paused)).toBe(true);
  } finally {
    await tab.close();
  }
});
