import type { FastifyInstance } from 'fastify';
import { api } from '@marquee/contract';
import { route } from '../../lib/route';
import { sendAnswer } from '../../lib/send-answer';
import { displaySettingsAnswer, type DisplaySettingsOptions } from './settings.service';

export async function settingsRoutes(app: FastifyInstance, options: DisplaySettingsOptions): Promise<void> {
  route(app, api.displaySettings, async ({ request, reply }) => sendAnswer(request, reply, await displaySettingsAnswer(app.db, options)));
}
