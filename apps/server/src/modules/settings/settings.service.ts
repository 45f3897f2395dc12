import type { DisplaySettings } from '@marquee/contract';
import type { Executor } from '../../db/client';
import * as repo from './settings.repository';

/** The configuration's values, used until an operator stores their own in `site_settings`. */
export interface SettingDefaults {
  subscriberCount: number;
  supportEmail: string;
}

/** The one source of the subscriber badge and the support address, for every page that shows them. */
export async function displaySettings(db: Executor, defaults: SettingDefaults): Promise<DisplaySettings> {
  const stored = await repo.readSettings(db, ['subscriberCount', 'supportEmail']);
  const count = stored.get('subscriberCount');
  const email = stored.get('supportEmail');
  return {
    subscriberCount: typeof count === 'number' ? count : defaults.subscriberCount,
    supportEmail: typeof email === 'string' ? email : defaults.supportEmail,
  };
}

export async function saveDisplaySettings(db: Executor, settings: DisplaySettings): Promise<void> {
  await repo.writeSettings(db, { subscriberCount: settings.subscriberCount, supportEmail: settings.supportEmail });
}
