import type { Executor } from '../../db/client';
import { enqueue, latestJobWithKey, type Job } from '../../jobs/queue';
import { THIRD_PARTY_SYNC_JOB } from './third-party-sync.job';
import type { FeedRecord } from './feed-sync.repository';
import * as repo from './third-party.repository';

export type FeedState = FeedRecord & { titlesShown: number };

/**
 * A sync writes its progress with every batch, and even a batch that fetches and encodes the
 * artwork of 200 items is done within minutes: progress left longer is a sync whose process died.
 */
export const STALE_PROGRESS_MS = 10 * 60_000;

/**
 * Each feed's stored state (last checks, counts, error, the sync under way) and how many of its
 * titles viewers see.
 */
export async function feedStates(db: Executor, now = new Date()): Promise<FeedState[]> {
  const rows = await repo.feedsWithTitleCounts(db);
  return rows.map(({ feed, titles }) => {
    const progress = feed.syncProgress;
    const live = progress !== null && now.getTime() - Date.parse(progress.updatedAt) < STALE_PROGRESS_MS;
    return { ...feed, syncProgress: live ? progress : null, titlesShown: titles };
  });
}

/**
 * Queues a sync of one configured feed now (the console's "Sync now"), or returns the one already
 * queued or running for it. One attempt: a feed that fails is recorded on the feed, not retried.
 */
export function queueFeedSync(db: Executor, feed: string): Promise<string> {
  return enqueue(db, { type: THIRD_PARTY_SYNC_JOB, payload: { feed }, dedupeKey: feedSyncKey(feed), maxAttempts: 1 });
}

/** The newest "Sync now" of a feed, whatever its state. */
export function latestFeedSync(db: Executor, feed: string): Promise<Job | null> {
  return latestJobWithKey(db, feedSyncKey(feed));
}

export { THIRD_PARTY_SYNC_JOB };

const feedSyncKey = (feed: string) => `${THIRD_PARTY_SYNC_JOB}:feed:${feed}`;
