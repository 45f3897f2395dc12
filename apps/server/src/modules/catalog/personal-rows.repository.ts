import { and, desc, eq, gt, sql } from 'drizzle-orm';
import { cardColumns } from '../../db/card-projection';
import type { Executor } from '../../db/client';
import { titles, watchProgress } from '../../db/schema';

/** The enabled titles a profile has progress on, most recently watched first. */
export async function viewingHistory(db: Executor, input: { profileId: string; limit: number }) {
  return await db
    .select({ id: titles.id, kind: titles.kind, name: titles.name, slug: titles.slug, ageLimit: titles.ageLimit })
    .from(watchProgress)
    .innerJoin(titles, eq(titles.id, watchProgress.titleId))
    .where(and(eq(watchProgress.profileId, input.profileId), eq(titles.isEnable, true)))
    .orderBy(desc(watchProgress.updatedAt))
    .limit(input.limit);
}

/**
 * The enabled titles of the main catalogue watched by the most profiles since `hours` ago (each
 * profile counts once per title, however often it saved progress), each with that count and the
 * number of profiles that watched anything in the window.
 */
export function mostWatched(db: Executor, input: { hours: number; limit: number }) {
  const since = sql`now() - make_interval(hours => ${input.hours})`;
  const viewers = sql<number>`count(*)::int`;
  const everyone = sql<number>`(select count(distinct ${watchProgress.profileId})::int from ${watchProgress} where ${watchProgress.updatedAt} > ${since})`;
  return db
    .select({ ...cardColumns, viewers, everyone })
    .from(watchProgress)
    .innerJoin(titles, eq(titles.id, watchProgress.titleId))
    .where(and(gt(watchProgress.updatedAt, since), eq(titles.isEnable, true), eq(titles.isThirdParty, false)))
    .groupBy(titles.id)
    .orderBy(desc(viewers), desc(sql`max(${watchProgress.updatedAt})`), titles.name)
    .limit(input.limit);
}
