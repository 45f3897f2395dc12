import type { FastifyInstance } from 'fastify';
import { api } from '@marquee/contract';
import { route } from '../../lib/route';
import type { Viewer } from '../auth/auth.service';
import { requireProfile } from '../profiles/profiles.service';
import * as notifications from './notifications.service';

const readerOf = (viewer: Viewer): notifications.NotificationReader => ({ userId: viewer.user.id, profileId: requireProfile(viewer).id });

export async function notificationsRoutes(app: FastifyInstance): Promise<void> {
  route(app, api.notifications, ({ viewer }) => notifications.listNotifications(app.db, readerOf(viewer)));
  route(app, api.unreadNotifications, async ({ viewer }) => ({
    notificationCount: await notifications.unreadCount(app.db, readerOf(viewer)),
  }));
  route(app, api.markNotificationRead, async ({ viewer, params }) => {
    await notifications.markNotificationRead(app.db, { id: params.id, reader: readerOf(viewer) });
    return { message: 'Marked as read' };
  });
}
