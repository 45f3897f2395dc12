import { api, type ApiResponse, type DisplaySettings, type TestMode } from '@marquee/contract';
import type { Executor } from '../../db/client';
import type { ReadyAnswer } from '../../lib/ready-answer';
import type { CatalogReadModel } from '../catalog/read-model.service';
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

export interface DisplaySettingsOptions extends SettingDefaults {
  testMode: TestMode;
  readModel: CatalogReadModel;
}

/**
 * `GET /settings/display` as every viewer gets it, kept by the read model (site_settings is among
 * the tables whose changes reset it); the HTML of every page carries it too (modules/web).
 */
export function displaySettingsAnswer(db: Executor, options: DisplaySettingsOptions): Promise<ReadyAnswer<ApiResponse<'displaySettings'>>> {
  const { readModel, testMode, ...defaults } = options;
  return readModel.get('settings:display', async () => api.displaySettings.response.parse({ ...(await displaySettings(db, defaults)), testMode }));
}

export async function saveDisplaySettings(db: Executor, settings: DisplaySettings): Promise<void> {
  await repo.writeSettings(db, { subscriberCount: settings.subscriberCount, supportEmail: settings.supportEmail });
}
