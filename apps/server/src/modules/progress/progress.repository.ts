import { and, asc, desc, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import { cardColumns } from '../../db/card-projection';
import type { Executor } from '../../db/client';
import { episodes, mediaAssets, titles, watchProgress } from '../../db/schema';

export async function upsertProgress(
  db: Executor,
  input: { userId: string; profileId: string; titleId: string; episodeId: string | null; positionSeconds: number; durationSeconds: number },
): Promise<void> {
  await db
    .insert(watchProgress)
    .values(input)
    .onConflictDoUpdate({
      target: [watchProgress.profileId, watchProgress.titleId],
      // Watching again brings a dismissed title back.
      set: {
        episodeId: input.episodeId,
        positionSeconds: input.positionSeconds,
        durationSeconds: input.durationSeconds,
        dismissedAt: null,
        updatedAt: sql`now()`,
      },
    });
}

export async function findProgress(db: Executor, input: { profileId: string; titleId: string }) {
  const [row] = await db
    .select()
    .from(watchProgress)
    .where(and(eq(watchProgress.profileId, input.profileId), eq(watchProgress.titleId, input.titleId)));
  return row;
}

/** The profile's recent, not dismissed progress on enabled titles up to its age limit, with the episode watched and its video's markers. */
export function listRecent(db: Executor, input: { profileId: string; maxAge: number | null; limit: number }) {
  return db
    .select({
      ...cardColumns,
      episodeId: watchProgress.episodeId,
      episodeNumber: episodes.number,
      episodeName: episodes.name,
      positionSeconds: watchProgress.positionSeconds,
      durationSeconds: watchProgress.durationSeconds,
      markers: mediaAssets.markers,
      suggestedMarkers: mediaAssets.suggestedMarkers,
    })
    .from(watchProgress)
    .innerJoin(titles, eq(titles.id, watchProgress.titleId))
    .leftJoin(episodes, eq(episodes.id, watchProgress.episodeId))
    .leftJoin(mediaAssets, eq(mediaAssets.id, sql`coalesce(${episodes.videoAssetId}, ${titles.videoAssetId})`))
    .where(
      and(
        eq(watchProgress.profileId, input.profileId),
        isNull(watchProgress.dismissedAt),
        eq(titles.isEnable, true),
        input.maxAge === null ? undefined : lte(titles.ageLimit, input.maxAge),
      ),
    )
    .orderBy(desc(watchProgress.updatedAt))
    .limit(input.limit);
}

/** The enabled episode after a given one, for several series at once (one query). */
export async function nextEpisodes(db: Executor, after: { seriesId: string; number: number }[]) {
  if (after.length === 0) return [];
  const rows = await db
    .select({ seriesId: episodes.seriesId, id: episodes.id, number: episodes.number, name: episodes.name })
    .from(episodes)
    .where(and(inArray(episodes.seriesId, after.map((a) => a.seriesId)), eq(episodes.isEnable, true)))
    .orderBy(asc(episodes.number));
  return after.flatMap(({ seriesId, number }) => {
    const next = rows.find((e) => e.seriesId === seriesId && e.number > number);
    return next ? [next] : [];
  });
}

export async function findEpisode(db: Executor, input: { seriesId: string; episodeId: string }) {
  const [row] = await db
    .select({ id: episodes.id })
    .from(episodes)
    .where(and(eq(episodes.id, input.episodeId), eq(episodes.seriesId, input.seriesId), eq(episodes.isEnable, true)));
  return row;
}

export async function dismiss(db: Executor, input: { profileId: string; titleId: string }): Promise<void> {
  await db
    .update(watchProgress)
    .set({ dismissedAt: sql`now()` })
    .where(and(eq(watchProgress.profileId, input.profileId), eq(watchProgress.titleId, input.titleId), gt(watchProgress.durationSeconds, 0)));
}
