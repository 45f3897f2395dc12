import type { PartnerFeed } from '@marquee/contract/admin';
import type { Executor } from '../../db/client';
import { ConflictError, NotFoundError } from '../../lib/domain-errors';
import { recordAudit, type Actor } from '../audit/audit.service';
import type { FeedSource } from '../third-party/feed-sync.service';
import { feedStates, latestFeedSync, queueFeedSync, type FeedState } from '../third-party/feed-status.service';

export interface FeedDeps {
  db: Executor;
  /** THIRD_PARTY_FEEDS: the feeds that are synced. */
  feeds: FeedSource[];
}

/** The configured feeds, then those taken off the configuration whose titles are kept hidden. */
export async function listFeeds(deps: FeedDeps): Promise<{ items: PartnerFeed[] }> {
  const states = new Map((await feedStates(deps.db)).map((state) => [state.name, state]));
  const names = [...deps.feeds.map((f) => f.name), ...[...states.keys()].filter((name) => !deps.feeds.some((f) => f.name === name))];
  return { items: await Promise.all(names.map((name) => feedView(deps, { name, state: states.get(name) }))) };
}

/** Queues a sync of the feed now, audited; a sync already queued or running is answered as it is. */
export async function syncNow(deps: FeedDeps, input: { name: string; actor: Actor }): Promise<PartnerFeed> {
  const feed = deps.feeds.find((f) => f.name === input.name);
  if (!feed) {
    const known = (await feedStates(deps.db)).some((state) => state.name === input.name);
    if (known) throw new ConflictError('This feed is no longer in THIRD_PARTY_FEEDS: it cannot be synced');
    throw new NotFoundError('Feed');
  }
  const latest = await latestFeedSync(deps.db, feed.name);
  if (latest?.status !== 'queued' && latest?.status !== 'running') {
    await deps.db.transaction(async (tx) => {
      const jobId = await queueFeedSync(tx, feed.name);
      await recordAudit(tx, {
        actor: input.actor,
        action: 'feed.sync',
        entityType: 'feed',
        entityId: feed.name,
        summary: `Queued a sync of the partner feed ${feed.name}`,
        after: { jobId, url: feed.url },
      });
    });
  }
  return (await listFeeds(deps)).items.find((item) => item.name === feed.name)!;
}

async function feedView(deps: FeedDeps, input: { name: string; state: FeedState | undefined }): Promise<PartnerFeed> {
  const { name, state } = input;
  const configured = deps.feeds.find((f) => f.name === name);
  const sync = await latestFeedSync(deps.db, name);
  return {
    name,
    url: configured?.url ?? state?.url ?? '',
    configured: configured !== undefined,
    lastSyncedAt: state?.lastSyncedAt?.toISOString() ?? null,
    lastCheckedAt: state?.lastCheckedAt?.toISOString() ?? null,
    lastImportedAt: state?.lastImportedAt?.toISOString() ?? null,
    lastError: state?.lastError ?? null,
    lastCounts: state?.lastCounts ? { ...state.lastCounts, failed: state.lastCounts.failed ?? 0, seconds: state.lastCounts.seconds ?? null } : null,
    progress: state?.syncProgress ? { processed: state.syncProgress.processed, total: state.syncProgress.total, startedAt: state.syncProgress.startedAt } : null,
    titlesShown: state?.titlesShown ?? 0,
    sync: sync ? { jobId: sync.id, status: sync.status, queuedAt: sync.createdAt.toISOString(), finishedAt: sync.finishedAt?.toISOString() ?? null } : null,
  };
}
