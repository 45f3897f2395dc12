import type { Notification } from '@marquee/contract';
import type { Executor } from '../../db/client';
import { NotFoundError } from '../../lib/domain-errors';
import * as repo from './notifications.repository';

export async function listNotifications(db: Executor, userId: string): Promise<Notification[]> {
  const rows = await repo.listForUser(db, userId);
  return rows.map((n) => ({
    _id: n.id,
    title: n.title,
    description: n.description,
    image: n.image,
    date: n.createdAt.toISOString(),
    isRead: n.isRead,
  }));
}

export const unreadCount = (db: Executor, userId: string) => repo.countUnread(db, userId);

/** Marks read for its owner (or anyone, for a broadcast); someone else's id is "not found". */
export async function markNotificationRead(db: Executor, input: { id: string; userId: string }): Promise<void> {
  if (!(await repo.findVisible(db, input))) throw new NotFoundError('Notification');
  await repo.markRead(db, { notificationId: input.id, userId: input.userId });
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
