import type { Notification } from '@marquee/contract';
import type { Executor } from '../../db/client';
import { NotFoundError } from '../../lib/domain-errors';
import * as repo from './notifications.repository';

/** Notifications are the account's; whether one was read is each profile's own. */
export interface NotificationReader {
  userId: string;
  profileId: string;
}

export async function listNotifications(db: Executor, reader: NotificationReader): Promise<Notification[]> {
  const rows = await repo.listForUser(db, reader);
  return rows.map((n) => ({
    _id: n.id,
    title: n.title,
    description: n.description,
    image: n.image,
    date: n.createdAt.toISOString(),
    isRead: n.isRead,
  }));
}

export const unreadCount = (db: Executor, reader: NotificationReader) => repo.countUnread(db, reader);

/** Marks read for its owner (or anyone, for a broadcast); someone else's id is "not found". */
export async function markNotificationRead(db: Executor, input: { id: string; reader: NotificationReader }): Promise<void> {
  if (!(await repo.findVisible(db, { id: input.id, userId: input.reader.userId }))) throw new NotFoundError('Notification');
  await repo.markRead(db, { notificationId: input.id, ...input.reader });
}

export async function notifyUser(
  db: Executor,
  input: { userId: string; title: string; description: string; image?: string },
): Promise<void> {
  await repo.insertNotification(db, { ...input, image: input.image ?? '' });
}

/** Tells every viewer with the title on their watchlist (a new episode, a title made free). */
export function notifyWatchers(
  db: Executor,
  input: { titleId: string; title: string; description: string; image?: string },
): Promise<number> {
  return repo.insertForWatchers(db, { ...input, image: input.image ?? '' });
}
