import type { FastifyInstance } from 'fastify';
import { api } from '@marquee/contract';
import { route } from '../../lib/route';
import { displaySettings } from './settings.service';

export async function settingsRoutes(app: FastifyInstance, options: { defaultSubscriberCount: number; supportEmail: string }): Promise<void> {
  const defaults = { subscriberCount: options.defaultSubscriberCount, supportEmail: options.supportEmail };
  route(app, api.displaySettings, () => displaySettings(app.db, defaults));
}
