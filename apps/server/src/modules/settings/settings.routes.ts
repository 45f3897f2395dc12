import type { FastifyInstance } from 'fastify';
import { api } from '@marquee/contract';
import { route } from '../../lib/route';
import { readSetting } from './settings.repository';

export async function settingsRoutes(app: FastifyInstance, options: { defaultSubscriberCount: number; supportEmail: string }): Promise<void> {
  route(app, api.displaySettings, async () => {
    const stored = await readSetting(app.db, 'subscriberCount');
    return {
      subscriberCount: typeof stored === 'number' ? stored : options.defaultSubscriberCount,
      supportEmail: options.supportEmail,
    };
  });
}
