import type { FastifyInstance } from 'fastify';
import { api } from '@marquee/contract';
import { route } from '../../lib/route';
import * as notifications from './notifications.service';

export async function notificationsRoutes(app: FastifyInstance): Promise<void> {
  route(app, api.notifications, ({ viewer }) => notifications.listNotifications(app.db, viewer.user.id));
  route(app, api.unreadNotifications, async ({ viewer }) => ({
    notificationCount: await notifications.unreadCount(app.db, viewer.user.id),
  }));
  route(app, api.markNotificationRead, async ({ viewer, params }) => {
    await notifications.markNotificationRead(app.db, { id: params.id, userId: viewer.user.id });
    return { message: 'Marked as read' };
  });
}
