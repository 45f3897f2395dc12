import { asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { episodes } from '../../db/schema';
import type { EpisodeRow } from './titles.repository';

export async function findEpisode(db: Executor, id: string, options: { lock?: boolean } = {}): Promise<EpisodeRow | undefined> {
  const query = db.select().from(episodes).where(eq(episodes.id, id));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

export async function nextEpisodeNumber(db: Executor, seriesId: string): Promise<number> {
  const [row] = await db.select({ n: sql<number>`coalesce(max(${episodes.number}), 0)::int + 1` }).from(episodes).where(eq(episodes.seriesId, seriesId));
  return row?.n ?? 1;
}

export async function insertEpisode(db: Executor, values: typeof episodes.$inferInsert): Promise<EpisodeRow> {
  const [row] = await db.insert(episodes).values(values).returning();
  return row!;
}

export async function updateEpisode(db: Executor, id: string, values: Partial<typeof episodes.$inferInsert>): Promise<EpisodeRow> {
  const [row] = await db
    .update(episodes)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(episodes.id, id))
    .returning();
  return row!;
}

export function listEpisodes(db: Executor, seriesId: string): Promise<EpisodeRow[]> {
  return db.select().from(episodes).where(eq(episodes.seriesId, seriesId)).orderBy(asc(episodes.number));
}

/**
 * Numbers the episodes 1..n in the given order. Numbers are unique per series, so they first move
 * out of the way (negative), then to their places.
 */
export async function renumberEpisodes(db: Executor, input: { seriesId: string; ids: string[] }): Promise<void> {
  await db.update(episodes).set({ number: sql`-${episodes.number}` }).where(eq(episodes.seriesId, input.seriesId));
  for (const [index, id] of input.ids.entries()) {
    await db.update(episodes).set({ number: index + 1 }).where(eq(episodes.id, id));
  }
}
