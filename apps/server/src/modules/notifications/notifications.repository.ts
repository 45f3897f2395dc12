import { and, desc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { notificationReads, notifications, watchlistEntries } from '../../db/schema';

/** An account's own notifications and everyone's, newest first, with one profile's read state. */
export function listForUser(db: Executor, input: { userId: string; profileId: string }) {
  const { userId, profileId } = input;
  return db
    .select({
      id: notifications.id,
      title: notifications.title,
      description: notifications.description,
      image: notifications.image,
      createdAt: notifications.createdAt,
      isRead: sql<boolean>`${notificationReads.readAt} is not null`,
    })
    .from(notifications)
    .leftJoin(notificationReads, and(eq(notificationReads.notificationId, notifications.id), eq(notificationReads.profileId, profileId)))
    .where(visibleTo(userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(100);
}

export async function countUnread(db: Executor, input: { userId: string; profileId: string }): Promise<number> {
  const { userId, profileId } = input;
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(notifications)
    .leftJoin(notificationReads, and(eq(notificationReads.notificationId, notifications.id), eq(notificationReads.profileId, profileId)))
    .where(and(visibleTo(userId), isNull(notificationReads.readAt)));
  return row?.count ?? 0;
}

export async function findVisible(db: Executor, input: { id: string; userId: string }) {
  const [row] = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(eq(notifications.id, input.id), visibleTo(input.userId)));
  return row;
}

export async function markRead(db: Executor, input: { notificationId: string; userId: string; profileId: string }): Promise<void> {
  await db.insert(notificationReads).values(input).onConflictDoNothing();
}

export async function insertNotification(db: Executor, values: typeof notifications.$inferInsert): Promise<void> {
  await db.insert(notifications).values(values);
}

function visibleTo(userId: string) {
  return or(eq(notifications.userId, userId), isNull(notifications.userId));
}

/** One notification for each account with the title on a profile's watchlist; returns how many. */
export async function insertForWatchers(
  db: Executor,
  input: { titleId: string; title: string; description: string; image: string },
): Promise<number> {
  const result = await db.execute(sql`
    insert into ${notifications} (user_id, title, description, image)
    select distinct ${watchlistEntries.userId}, ${input.title}, ${input.description}, ${input.image}
    from ${watchlistEntries} where ${watchlistEntries.titleId} = ${input.titleId}`);
  return result.rowCount ?? 0;
}
