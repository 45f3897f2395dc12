import type { DisplaySettings } from '@marquee/contract';
import type { Executor } from '../../db/client';
import { readSetting } from './settings.repository';

/** The header's subscriber badge (an operator's stored figure, else the configured default) and the support address. */
export async function displaySettings(
  db: Executor,
  defaults: { subscriberCount: number; supportEmail: string },
): Promise<DisplaySettings> {
  const stored = await readSetting(db, 'subscriberCount');
  return {
    subscriberCount: typeof stored === 'number' ? stored : defaults.subscriberCount,
    supportEmail: defaults.supportEmail,
  };
}
