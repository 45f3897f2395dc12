import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { mediaAssets } from '../../db/schema';

export type AssetRecord = typeof mediaAssets.$inferSelect;

/** The ready assets among some ids, in one query. */
export async function readyAssets(db: Executor, ids: (string | null)[]): Promise<Map<string, AssetRecord>> {
  const wanted = [...new Set(ids.filter((id): id is string => Boolean(id)))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select()
    .from(mediaAssets)
    .where(and(inArray(mediaAssets.id, wanted), eq(mediaAssets.status, 'ready')));
  return new Map(rows.map((row) => [row.id, row]));
}
