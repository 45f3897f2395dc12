import type { FastifyInstance } from 'fastify';
import { api, type TestMode } from '@marquee/contract';
import { route } from '../../lib/route';
import { sendAnswer } from '../../lib/send-answer';
import type { CatalogReadModel } from '../catalog/read-model.service';
import { displaySettings, type SettingDefaults } from './settings.service';

export interface SettingsRouteOptions extends SettingDefaults {
  testMode: TestMode;
  readModel: CatalogReadModel;
}

export async function settingsRoutes(app: FastifyInstance, options: SettingsRouteOptions): Promise<void> {
  const { readModel, testMode, ...defaults } = options;
  // The same for everyone, and site_settings is among the tables whose changes reset the read model.
  route(app, api.displaySettings, async ({ request, reply }) => {
    const answer = await readModel.get('settings:display', async () =>
      api.displaySettings.response.parse({ ...(await displaySettings(app.db, defaults)), testMode }),
    );
    return sendAnswer(request, reply, answer, true);
  });
}
