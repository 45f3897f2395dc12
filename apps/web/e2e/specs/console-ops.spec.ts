import { expect, test } from './fixtures/browse';
import { signInAsAdmin } from './fixtures/console';

test("an administrator sees the demo's finished transcodes on Jobs and syncs the demo partner feed now", async ({ page, pageHealth }) => {
  // The account's first sign-in (if no other spec signed it in yet) is answered "user doesn't exist" before it signs up.
  pageHealth.expect({ url: /\/user\/login$/, status: 400 });
  await signInAsAdmin(page);

  await page.goto('/admin');
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Jobs' }).click();
  await page.getByLabel('State').selectOption({ label: 'Finished' });
  await page.getByLabel('Kind').selectOption({ label: 'Transcode' });
  await expect(page).toHaveURL(/\/admin\/jobs\?status=succeeded&kind=media\.transcode$/);
  // global-setup waited for the demo media: its transcodes have finished.
  const transcode = page.getByRole('list', { name: 'Jobs' }).getByRole('listitem').first();
  await expect(transcode).toContainText('Finished');
  await expect(transcode).toContainText('Transcode');

  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Partner feeds' }).click();
  const feed = page.getByRole('region', { name: 'Lanternfish' });
  await feed.getByRole('button', { name: 'Sync now' }).click();
  await expect(feed.getByRole('status')).toContainText('Sync now: finished', { timeout: 60_000 });
  await expect(feed.getByText('Last successful sync').locator('xpath=following-sibling::dd[1]')).not.toHaveText('Never');
  await expect(feed.getByText('Titles shown').locator('xpath=following-sibling::dd[1]')).not.toHaveText('0');
});
