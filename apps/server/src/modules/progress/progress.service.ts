import { FINISHED_AT, RESUME_FROM, type ContinueWatchingEntry } from '@marquee/contract';
import type { Executor } from '../../db/client';
import { BadRequestError, ForbiddenError } from '../../lib/domain-errors';
import { requireEnabledTitle, toRowItems } from '../catalog/titles.service';
import { effectiveMarkers } from '../playback/playback.service';
import { withinLimit } from '../profiles/profiles.service';
import * as repo from './progress.repository';

const ROW_LENGTH = 20;

/** Whose progress it is: the account and the profile watching. */
export interface ProgressOwner {
  userId: string;
  profileId: string;
  /** The profile's age limit (null: none): titles above it never show in its Continue Watching. */
  maxAge: number | null;
}

export async function saveProgress(
  db: Executor,
  input: { owner: ProgressOwner; titleId: string; episodeId?: string; position: number; duration: number },
): Promise<{ message: string }> {
  const title = await requireEnabledTitle(db, { id: input.titleId });
  if (!withinLimit(title.ageLimit, input.owner.maxAge)) throw new ForbiddenError('This title is not available on this profile');
  if (title.kind === 'series' && !input.episodeId) throw new BadRequestError('episodeId is required for a series');
  if (title.kind === 'movie' && input.episodeId) throw new BadRequestError('a movie has no episodes');
  if (input.episodeId && !(await repo.findEpisode(db, { seriesId: title.id, episodeId: input.episodeId }))) {
    throw new BadRequestError('episodeId is not an episode of this series');
  }
  await repo.upsertProgress(db, {
    userId: input.owner.userId,
    profileId: input.owner.profileId,
    titleId: title.id,
    episodeId: input.episodeId ?? null,
    positionSeconds: Math.round(Math.min(input.position, input.duration)),
    durationSeconds: Math.round(input.duration),
  });
  return { message: 'Progress saved' };
}

/** Where to resume: only between 5% and 95% watched (past 95% the title counts as finished). */
export async function resumePoint(db: Executor, input: { profileId: string | null; titleId: string }) {
  if (!input.profileId) return null;
  const progress = await repo.findProgress(db, { profileId: input.profileId, titleId: input.titleId });
  if (!progress) return null;
  const watched = progress.positionSeconds / progress.durationSeconds;
  if (watched < RESUME_FROM || watched >= FINISHED_AT) return null;
  return { episodeId: progress.episodeId, position: progress.positionSeconds };
}

/**
 * Finished: watched to the credits (when the video has a credits marker) or to FINISHED_AT of it.
 * Positions are kept in whole seconds, so the credits count from the second they start in: a
 * pause at 80.45 s (kept as 80) is in credits that start at 80.4 s.
 */
export function isFinished(input: { positionSeconds: number; durationSeconds: number; creditsStart: number | null }): boolean {
  if (input.creditsStart !== null && input.creditsStart > 0 && input.positionSeconds >= Math.floor(input.creditsStart)) return true;
  return input.positionSeconds / input.durationSeconds >= FINISHED_AT;
}

/**
 * Continue Watching: unfinished titles newest first; a series whose last episode was finished
 * continues with its next episode from the start, and drops out after its last.
 */
export async function continueWatching(db: Executor, owner: ProgressOwner): Promise<ContinueWatchingEntry[]> {
  const recent = await repo.listRecent(db, { profileId: owner.profileId, maxAge: owner.maxAge, limit: ROW_LENGTH * 2 });
  const finished = (r: (typeof recent)[number]) => isFinished({ ...r, creditsStart: effectiveMarkers(r)?.creditsStart ?? null });
  const finishedEpisodes = recent.filter((r) => r.kind === 'series' && finished(r) && r.episodeNumber !== null);
  const next = new Map(
    (await repo.nextEpisodes(db, finishedEpisodes.map((r) => ({ seriesId: r.id, number: r.episodeNumber! })))).map((e) => [e.seriesId, e]),
  );
  const kept = recent.filter((r) => !finished(r) || next.has(r.id)).slice(0, ROW_LENGTH);
  const items = new Map((await toRowItems(db, { cards: kept, viewerId: owner.userId })).map((item) => [item._id, item]));
  return kept.map((r) => {
    const upNext = finished(r) ? next.get(r.id) : undefined;
    const episode = upNext
      ? { _id: upNext.id, number: upNext.number, name: upNext.name }
      : r.episodeId
        ? { _id: r.episodeId, number: r.episodeNumber!, name: r.episodeName! }
        : null;
    return {
      kind: r.kind,
      item: items.get(r.id)!,
      episode,
      position: upNext ? 0 : r.positionSeconds,
      duration: r.durationSeconds,
    };
  });
}

export async function removeFromContinueWatching(db: Executor, input: { owner: ProgressOwner; titleId: string }) {
  await repo.dismiss(db, { profileId: input.owner.profileId, titleId: input.titleId });
  return { message: 'Removed from Continue Watching' };
}
