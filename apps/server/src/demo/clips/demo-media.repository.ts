import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { episodes, titles } from '../../db/schema';

/** Whether any title or episode already points at media (the demo media then stays out). */
export async function hasLinkedMedia(db: Executor): Promise<boolean> {
  const result = await db.execute<{ linked: boolean }>(sql`
    select exists (select 1 from ${titles} where ${titles.trailerAssetId} is not null or ${titles.videoAssetId} is not null)
        or exists (select 1 from ${episodes} where ${episodes.videoAssetId} is not null) as linked`);
  return Boolean(result.rows[0]?.linked);
}

/**
 * Shares a few demo assets among every title and episode without media, alternating by position
 * so neighbours in a row differ.
 */
export async function linkDemoMedia(db: Executor, input: { trailers: string[]; videos: string[] }): Promise<void> {
  const pick = (ids: string[], n: ReturnType<typeof sql>) => sql`(${sql.param(ids)}::uuid[])[1 + ${n} % ${ids.length}]`;
  await db.execute(sql`
    update ${titles} t set
      trailer_asset_id = coalesce(t.trailer_asset_id, ${pick(input.trailers, sql`o.n`)}),
      video_asset_id = case when t.kind = 'movie' then coalesce(t.video_asset_id, ${pick(input.videos, sql`o.n`)}) else t.video_asset_id end,
      updated_at = now()
    from (select id, row_number() over (order by created_at, id) as n from ${titles}) o
    where o.id = t.id`);
  await db.execute(sql`
    update ${episodes} e set
      video_asset_id = coalesce(e.video_asset_id, ${pick(input.videos, sql`o.n`)}),
      updated_at = now()
    from (select id, row_number() over (order by series_id, number) as n from ${episodes}) o
    where o.id = e.id`);
}

export async function hasMovie(db: Executor, slug: string): Promise<boolean> {
  const rows = await db.select({ id: titles.id }).from(titles).where(and(eq(titles.slug, slug), eq(titles.kind, 'movie')));
  return rows.length > 0;
}

/** Gives one movie its own video (the demo's two-language title). */
export async function linkMovieVideo(db: Executor, input: { slug: string; assetId: string }): Promise<void> {
  await db
    .update(titles)
    .set({ videoAssetId: input.assetId, updatedAt: sql`now()` })
    .where(and(eq(titles.slug, input.slug), eq(titles.kind, 'movie')));
}
