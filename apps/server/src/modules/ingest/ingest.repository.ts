import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { episodes, jobs, mediaAssets, titles } from '../../db/schema';

export type AssetRow = typeof mediaAssets.$inferSelect;

export async function insertAsset(db: Executor, values: typeof mediaAssets.$inferInsert): Promise<AssetRow> {
  const [row] = await db.insert(mediaAssets).values(values).returning();
  return row!;
}

export async function findAsset(db: Executor, id: string): Promise<AssetRow | undefined> {
  const [row] = await db.select().from(mediaAssets).where(eq(mediaAssets.id, id));
  return row;
}

export async function deleteAsset(db: Executor, id: string): Promise<void> {
  await db.delete(mediaAssets).where(eq(mediaAssets.id, id));
}

export async function updateAsset(db: Executor, id: string, values: Partial<typeof mediaAssets.$inferInsert>): Promise<void> {
  await db
    .update(mediaAssets)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(mediaAssets.id, id));
}

/** Points a title's trailer or full video at an asset; false when no such title. */
export async function linkTitle(db: Executor, input: { slug: string; kind: 'movie' | 'series'; role: 'trailer' | 'video'; assetId: string }) {
  const column = input.role === 'trailer' ? { trailerAssetId: input.assetId } : { videoAssetId: input.assetId };
  const rows = await db
    .update(titles)
    .set({ ...column, updatedAt: sql`now()` })
    .where(and(eq(titles.slug, input.slug), eq(titles.kind, input.kind)))
    .returning({ id: titles.id });
  return rows.length > 0;
}

/** Points an episode's video at an asset; false when no such episode. */
export async function linkEpisode(db: Executor, input: { seriesSlug: string; number: number; assetId: string }) {
  const rows = await db
    .update(episodes)
    .set({ videoAssetId: input.assetId, updatedAt: sql`now()` })
    .where(
      and(
        eq(episodes.number, input.number),
        sql`${episodes.seriesId} = (select id from ${titles} where slug = ${input.seriesSlug} and kind = 'series')`,
      ),
    )
    .returning({ id: episodes.id });
  return rows.length > 0;
}

/**
 * Assets still pending or processing, untouched for `graceMs`, with no transcode job queued or
 * running for them (the process that was to queue or run it died), and the last error of their
 * transcode job if one failed for good or was cancelled by an operator (neither is run again by itself).
 */
export async function strandedAssets(db: Executor, input: { graceMs: number; dedupeKeyOf: (assetId: string) => string }) {
  const prefix = input.dedupeKeyOf('');
  const result = await db.execute<{ id: string; last_error: string | null; failed: boolean }>(sql`
    select a.id,
           (select j.last_error from ${jobs} j where j.dedupe_key = ${prefix} || a.id::text and j.status in ('failed', 'cancelled')
             order by j.finished_at desc nulls last limit 1) as last_error,
           exists (select 1 from ${jobs} j where j.dedupe_key = ${prefix} || a.id::text and j.status in ('failed', 'cancelled')) as failed
      from ${mediaAssets} a
     where a.status in ('pending', 'processing')
       and a.updated_at < now() - make_interval(secs => ${input.graceMs / 1000})
       and not exists (select 1 from ${jobs} j where j.dedupe_key = ${prefix} || a.id::text and j.status in ('queued', 'running'))`);
  return result.rows.map((r) => ({ id: r.id, failed: Boolean(r.failed), lastError: r.last_error }));
}

export async function findAssetBySourceKey(db: Executor, sourceKey: string): Promise<AssetRow | undefined> {
  const [row] = await db.select().from(mediaAssets).where(eq(mediaAssets.sourceKey, sourceKey)).limit(1);
  return row;
}

/** A title's kind and name, to check a slot before linking it. */
export async function findTitleKind(db: Executor, titleId: string) {
  const [row] = await db.select({ kind: titles.kind, name: titles.name }).from(titles).where(eq(titles.id, titleId));
  return row;
}

/** Points a title's trailer or full video at an asset, by the title's id. */
export async function linkTitleById(db: Executor, input: { titleId: string; role: 'trailer' | 'video'; assetId: string }): Promise<void> {
  const column = input.role === 'trailer' ? { trailerAssetId: input.assetId } : { videoAssetId: input.assetId };
  await db.update(titles).set({ ...column, updatedAt: sql`now()` }).where(eq(titles.id, input.titleId));
}

/** Points an episode's video at an asset; its series' name and the episode's number, or undefined when no such episode. */
export async function linkEpisodeById(db: Executor, input: { episodeId: string; assetId: string }) {
  const [row] = await db
    .update(episodes)
    .set({ videoAssetId: input.assetId, updatedAt: sql`now()` })
    .where(eq(episodes.id, input.episodeId))
    .returning({ number: episodes.number, seriesId: episodes.seriesId });
  return row;
}

/** The newest transcode job of an asset (its dedupe key names it), if any. */
export async function latestJobOf(db: Executor, dedupeKey: string) {
  const [row] = await db.select().from(jobs).where(eq(jobs.dedupeKey, dedupeKey)).orderBy(sql`${jobs.createdAt} desc`).limit(1);
  return row;
}

export interface AssetSubject {
  /** e.g. "Night Ferry: full video", "Salt Roads, episode 2: The Pier" */
  label: string;
  titleId: string;
}

/** What each asset is the video of: a title's trailer or full video, or an episode's video. */
export async function assetSubjects(db: Executor, assetIds: string[]): Promise<Map<string, AssetSubject>> {
  const subjects = new Map<string, AssetSubject>();
  if (assetIds.length === 0) return subjects;
  const owners = await db
    .select({ id: titles.id, name: titles.name, trailer: titles.trailerAssetId, video: titles.videoAssetId })
    .from(titles)
    .where(or(inArray(titles.trailerAssetId, assetIds), inArray(titles.videoAssetId, assetIds)));
  for (const t of owners) {
    if (t.trailer && assetIds.includes(t.trailer)) subjects.set(t.trailer, { label: `${t.name}: trailer`, titleId: t.id });
    if (t.video && assetIds.includes(t.video)) subjects.set(t.video, { label: `${t.name}: full video`, titleId: t.id });
  }
  const parts = await db
    .select({ asset: episodes.videoAssetId, number: episodes.number, name: episodes.name, seriesId: titles.id, series: titles.name })
    .from(episodes)
    .innerJoin(titles, eq(titles.id, episodes.seriesId))
    .where(inArray(episodes.videoAssetId, assetIds));
  for (const e of parts) {
    if (e.asset) subjects.set(e.asset, { label: `${e.series}, episode ${e.number}: ${e.name}`, titleId: e.seriesId });
  }
  return subjects;
}

/** The video a slot plays now (a title's trailer or full video, an episode's video), if any. */
export async function slotAssetId(db: Executor, slot: { kind: 'title'; titleId: string; role: 'video' | 'trailer' } | { kind: 'episode'; episodeId: string }): Promise<string | null> {
  if (slot.kind === 'episode') {
    const [row] = await db.select({ id: episodes.videoAssetId }).from(episodes).where(eq(episodes.id, slot.episodeId));
    return row?.id ?? null;
  }
  const [row] = await db.select({ id: slot.role === 'trailer' ? titles.trailerAssetId : titles.videoAssetId }).from(titles).where(eq(titles.id, slot.titleId));
  return row?.id ?? null;
}
