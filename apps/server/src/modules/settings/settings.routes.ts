import type { FastifyInstance } from 'fastify';
import { api } from '@marquee/contract';
import { route } from '../../lib/route';
import { displaySettings, type SettingDefaults } from './settings.service';

export async function settingsRoutes(app: FastifyInstance, options: SettingDefaults): Promise<void> {
  route(app, api.displaySettings, () => displaySettings(app.db, options));
}
