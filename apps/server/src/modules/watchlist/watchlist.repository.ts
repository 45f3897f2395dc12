import { and, desc, eq, lte } from 'drizzle-orm';
import { cardColumns } from '../../db/card-projection';
import type { Executor } from '../../db/client';
import { titles, watchlistEntries } from '../../db/schema';

/** A profile's enabled watchlist titles up to its age limit (null: all). */
export function listEnabledEntries(db: Executor, input: { profileId: string; maxAge: number | null }) {
  return db
    .select(cardColumns)
    .from(watchlistEntries)
    .innerJoin(titles, eq(titles.id, watchlistEntries.titleId))
    .where(
      and(
        eq(watchlistEntries.profileId, input.profileId),
        eq(titles.isEnable, true),
        input.maxAge === null ? undefined : lte(titles.ageLimit, input.maxAge),
      ),
    )
    .orderBy(desc(watchlistEntries.createdAt), desc(titles.name));
}

export async function hasEntry(db: Executor, input: { profileId: string; titleId: string }): Promise<boolean> {
  const rows = await db
    .select({ titleId: watchlistEntries.titleId })
    .from(watchlistEntries)
    .innerJoin(titles, eq(titles.id, watchlistEntries.titleId))
    .where(and(eq(watchlistEntries.profileId, input.profileId), eq(watchlistEntries.titleId, input.titleId), eq(titles.isEnable, true)));
  return rows.length > 0;
}

export async function addEntry(db: Executor, input: { userId: string; profileId: string; titleId: string }): Promise<void> {
  await db.insert(watchlistEntries).values(input).onConflictDoNothing();
}

export async function removeEntry(db: Executor, input: { profileId: string; titleId: string }): Promise<void> {
  await db.delete(watchlistEntries).where(and(eq(watchlistEntries.profileId, input.profileId), eq(watchlistEntries.titleId, input.titleId)));
}
