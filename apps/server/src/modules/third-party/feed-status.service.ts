import type { Executor } from '../../db/client';
import { enqueue, latestJobWithKey, type Job } from '../../jobs/queue';
import { THIRD_PARTY_SYNC_JOB } from './third-party-sync.job';
import * as repo from './third-party.repository';

export type FeedState = repo.FeedRecord & { titlesShown: number };

/** Each feed's stored state (last checks, counts, error) and how many of its titles viewers see. */
export async function feedStates(db: Executor): Promise<FeedState[]> {
  const rows = await repo.feedsWithTitleCounts(db);
  return rows.map(({ feed, titles }) => ({ ...feed, titlesShown: titles }));
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
