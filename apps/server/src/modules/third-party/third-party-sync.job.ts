import { enqueue, type Job } from '../../jobs/queue';
import { queueNextRun } from '../../jobs/recurring';
import type { JobContext } from '../../jobs/worker';
import type { Executor } from '../../db/client';
import type { MediaStore } from '../../storage/storage';
import { retireUnlistedFeeds, syncFeedRecorded, syncFeeds, type FeedSource } from './feed-sync.service';
import type { WorkerLog } from '../../jobs/worker-log';

export const THIRD_PARTY_SYNC_JOB = 'third-party.sync';

export interface ThirdPartySettings {
  feeds: FeedSource[];
  /** 0: no schedule. */
  syncIntervalMs: number;
  /** Partner origins that may be fetched although they resolve to non-public addresses. */
  allowedOrigins: string[];
}

/**
 * Queues a sync now and the next scheduled one. Every server process calls this at start-up;
 * the de-duplication keys make them agree on one pending sync now and one per schedule slot.
 * With no feed configured nothing is queued; titles of partners configured before are disabled.
 */
export async function queueThirdPartySync(db: Executor, settings: Pick<ThirdPartySettings, 'feeds' | 'syncIntervalMs'> & { log: WorkerLog }): Promise<void> {
  if (settings.feeds.length === 0) {
    await retireUnlistedFeeds({ db, log: settings.log }, []);
    return;
  }
  await enqueue(db, { type: THIRD_PARTY_SYNC_JOB, payload: {}, dedupeKey: `${THIRD_PARTY_SYNC_JOB}:now`, maxAttempts: 3 });
  await scheduleNext(db, settings.syncIntervalMs);
}

/**
 * Syncs every configured feed, or the one its payload names. The next run is queued first, so a
 * failed run never ends the schedule; a feed that fails is recorded and retried at the next slot,
 * not by the queue.
 */
export function thirdPartySyncHandler(deps: { db: Executor; store: MediaStore; settings: ThirdPartySettings }) {
  return async (job: Job, ctx: JobContext): Promise<void> => {
    const sync = { db: deps.db, store: deps.store, log: ctx.log, allowedOrigins: deps.settings.allowedOrigins };
    if (typeof job.payload.feed === 'string') {
      // A feed taken off THIRD_PARTY_FEEDS since it was queued is not synced.
      const feed = deps.settings.feeds.find((f) => f.name === job.payload.feed);
      if (feed) await syncFeedRecorded(sync, feed);
      return;
    }
    await scheduleNext(deps.db, deps.settings.syncIntervalMs);
    await syncFeeds(sync, deps.settings.feeds);
  };
}

/** Runs are aligned to slots of the interval (on the hour by default). */
function scheduleNext(db: Executor, intervalMs: number): Promise<void> {
  return queueNextRun(db, { type: THIRD_PARTY_SYNC_JOB, intervalMs });
}
