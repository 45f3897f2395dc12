import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { episodes, mediaAssets, titles } from '../../db/schema';

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

/**
 * The enabled titles a ready full-content asset plays for: movies using it as their video, and
 * the series of enabled episodes using it (rentals and access are decided on the series). One
 * asset may serve several titles (the demo shares its clips).
 */
export async function titlesOfAsset(db: Executor, assetId: string) {
  const columns = { id: titles.id, name: titles.name, isFree: titles.isFree, rentPriceCents: titles.rentPriceCents, ageLimit: titles.ageLimit };
  const ready = and(eq(mediaAssets.id, assetId), eq(mediaAssets.status, 'ready'), eq(mediaAssets.access, 'private'));
  const [movies, series] = await Promise.all([
    db.select(columns).from(titles).innerJoin(mediaAssets, eq(mediaAssets.id, titles.videoAssetId)).where(and(ready, eq(titles.isEnable, true))),
    db
      .select(columns)
      .from(episodes)
      .innerJoin(titles, eq(titles.id, episodes.seriesId))
      .innerJoin(mediaAssets, eq(mediaAssets.id, episodes.videoAssetId))
      .where(and(ready, eq(titles.isEnable, true), eq(episodes.isEnable, true))),
  ]);
  // Several episodes of one series may share the video: each title once.
  return [...new Map([...movies, ...series].map((title) => [title.id, title])).values()];
}
