import { and, desc, eq } from 'drizzle-orm';
import { cardColumns } from '../../db/card-projection';
import type { Executor } from '../../db/client';
import { titles, watchlistEntries } from '../../db/schema';

export function listEnabledEntries(db: Executor, userId: string) {
  return db
    .select(cardColumns)
    .from(watchlistEntries)
    .innerJoin(titles, eq(titles.id, watchlistEntries.titleId))
    .where(and(eq(watchlistEntries.userId, userId), eq(titles.isEnable, true)))
    .orderBy(desc(watchlistEntries.createdAt), desc(titles.name));
}

export async function hasEntry(db: Executor, input: { userId: string; titleId: string }): Promise<boolean> {
  const rows = await db
    .select({ titleId: watchlistEntries.titleId })
    .from(watchlistEntries)
    .innerJoin(titles, eq(titles.id, watchlistEntries.titleId))
    .where(and(eq(watchlistEntries.userId, input.userId), eq(watchlistEntries.titleId, input.titleId), eq(titles.isEnable, true)));
  return rows.length > 0;
}

export async function addEntry(db: Executor, input: { userId: string; titleId: string }): Promise<void> {
  await db.insert(watchlistEntries).values(input).onConflictDoNothing();
}

export async function removeEntry(db: Executor, input: { userId: string; titleId: string }): Promise<void> {
  await db.delete(watchlistEntries).where(and(eq(watchlistEntries.userId, input.userId), eq(watchlistEntries.titleId, input.titleId)));
}
