import type { FastifyInstance } from 'fastify';
import { adminApi } from '@marquee/contract/admin';
import { route } from '../../lib/route';
import * as sends from './notification-sends.service';

export async function supportNotificationRoutes(app: FastifyInstance): Promise<void> {
  route(app, adminApi.sentNotifications, ({ query }) => sends.listSentNotifications(app.db, query));
  route(app, adminApi.notificationReach, () => sends.notificationReach(app.db));
  route(app, adminApi.sendNotification, ({ viewer, body }) => sends.sendNotification(app.db, { viewer, notification: body }));
}
