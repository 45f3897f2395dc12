import type { Executor } from '../../db/client';
import type { WorkerLog } from '../../jobs/worker-log';
import type { MediaStore } from '../../storage/storage';
import { FeedFetchError, fetchFeed, type PartnerFetchPolicy } from './feed-fetcher';
import { importItems, type ImportPace } from './feed-import';
import { FeedFormatError, parseMrss, type FeedItem } from './mrss-parser';
import * as repo from './feed-sync.repository';

/** A configured partner feed (THIRD_PARTY_FEEDS). */
export interface FeedSource {
  name: string;
  url: string;
}

export interface SyncDeps extends PartnerFetchPolicy {
  db: Executor;
  store: MediaStore;
  log: WorkerLog;
  /** Batch size and pauses (feed-import.ts DEFAULT_PACE unless given). */
  pace?: ImportPace;
}

export type SyncOutcome =
  | { feed: string; status: 'not-modified' }
  | { feed: string; status: 'failed'; error: string }
  | { feed: string; status: 'imported'; added: number; updated: number; unchanged: number; disabled: number; skipped: number; failed: number; seconds: number };

/**
 * Syncs each feed on its own: one broken partner never holds up another. Whatever goes wrong with
 * one feed, even what syncFeed did not foresee, is recorded on that feed and the next one is
 * synced; only a failure to record it (the database is gone) ends the run.
 */
export async function syncFeeds(deps: SyncDeps, feeds: FeedSource[]): Promise<SyncOutcome[]> {
  await retireUnlistedFeeds(deps, feeds);
  const outcomes: SyncOutcome[] = [];
  for (const feed of feeds) outcomes.push(await syncFeedRecorded(deps, feed));
  return outcomes;
}

/**
 * One feed, whatever goes wrong with it recorded on the feed (what an operator's "Sync now" runs).
 * Only a failure to record it (the database is gone) is thrown.
 */
export async function syncFeedRecorded(deps: SyncDeps, feed: FeedSource): Promise<SyncOutcome> {
  try {
    return await syncFeed(deps, feed);
  } catch (error) {
    const message = `sync failed: ${error instanceof Error ? error.message : String(error)}`.slice(0, 1000);
    deps.log.error({ feed: feed.name, url: feed.url, error: message }, 'third-party feed sync failed; going on with the next feed');
    const { id } = await repo.upsertFeed(deps.db, feed);
    await repo.recordFeedCheck(deps.db, { feedId: id, error: message });
    return { feed: feed.name, status: 'failed', error: message };
  }
}

/** A partner no longer configured is gone from the pages: its titles are disabled, not deleted. */
export async function retireUnlistedFeeds(deps: Pick<SyncDeps, 'db' | 'log'>, feeds: FeedSource[]): Promise<void> {
  const disabled = await repo.disableFeedsExcept(deps.db, feeds.map((f) => f.name));
  if (disabled > 0) deps.log.info({ disabled }, 'titles of partners no longer configured disabled');
}

/**
 * One feed: conditional GET, parse, validate each item, then write the new and changed items in
 * batches (feed-import.ts) and disable what the feed no longer lists. Anything wrong with the feed
 * as a whole (unreachable, cut off, not XML, no valid item) is recorded and changes no title; a
 * sync that stops half-way leaves the batches it wrote, and disables nothing.
 */
export async function syncFeed(deps: SyncDeps, source: FeedSource): Promise<SyncOutcome> {
  const { db, log } = deps;
  const started = performance.now();
  const feed = await repo.upsertFeed(db, source);
  const fail = async (error: string): Promise<SyncOutcome> => {
    log.warn({ feed: source.name, url: source.url, error }, 'third-party feed not imported; its catalogue is unchanged');
    await repo.recordFeedCheck(db, { feedId: feed.id, error });
    return { feed: source.name, status: 'failed', error };
  };

  const read = await readFeed(deps, { source, feed });
  if (read.status === 'not-modified') {
    await repo.recordFeedCheck(db, { feedId: feed.id, error: null });
    return { feed: source.name, status: 'not-modified' };
  }
  if (read.status === 'failed') return fail(read.error);
  // An empty channel is far likelier a partner's outage than a withdrawn catalogue.
  if (read.items.length === 0) return fail('the feed lists no valid item');

  const imported = await importItems(deps, { feedId: feed.id, feed: source, items: read.items, startedAt: read.startedAt });
  const disabled = await repo.setTitlesEnabled(db, { titleIds: imported.missing, isEnable: false });
  const counts = { added: imported.added, updated: imported.updated, unchanged: imported.unchanged, disabled, skipped: read.skipped, failed: imported.failed };
  // What is left to retry (an item refused, artwork not fetched) needs the feed in full next time, not a 304.
  const validators = imported.complete ? read.validators : { etag: null, lastModified: null };
  const seconds = Math.round((performance.now() - started) / 100) / 10;
  await repo.recordFeedCheck(db, { feedId: feed.id, error: null, imported: { ...validators, counts: { ...counts, seconds } } });
  log.info({ feed: source.name, ...counts, seconds }, 'third-party feed imported');
  return { feed: source.name, status: 'imported', ...counts, seconds };
}

type FeedRead =
  | { status: 'not-modified' }
  | { status: 'failed'; error: string }
  | { status: 'ok'; items: FeedItem[]; skipped: number; validators: { etag: string | null; lastModified: string | null }; startedAt: string };

/** The feed's valid items, each guid once; whatever is left out is logged with its reason. */
async function readFeed(deps: SyncDeps, input: { source: FeedSource; feed: repo.FeedRecord }): Promise<FeedRead> {
  const { source, feed } = input;
  try {
    const response = await fetchFeed({ url: source.url, etag: feed.etag, lastModified: feed.lastModified, policy: deps });
    if (response.status === 'not-modified') return response;
    // Known from now on as a sync under way ('reading the feed' until the items are counted).
    const startedAt = new Date().toISOString();
    await repo.recordProgress(deps.db, { feedId: feed.id, progress: { processed: 0, total: 0, startedAt, updatedAt: startedAt } });
    const parsed = await parseMrss(response.body, { feedUrl: source.url });
    const unique = dropDuplicateGuids(parsed.items);
    for (const item of [...parsed.skipped, ...unique.duplicates]) {
      deps.log.warn({ feed: source.name, guid: item.guid, reason: item.reason }, 'third-party feed item skipped');
    }
    const validators = { etag: response.etag, lastModified: response.lastModified };
    return { status: 'ok', items: unique.items, skipped: parsed.skipped.length + unique.duplicates.length, validators, startedAt };
  } catch (error) {
    if (error instanceof FeedFormatError || error instanceof FeedFetchError) return { status: 'failed', error: error.message };
    throw error;
  }
}

function dropDuplicateGuids(items: FeedItem[]) {
  const seen = new Set<string>();
  const duplicates: { guid: string; reason: string }[] = [];
  const kept = items.filter((item) => {
    if (!seen.has(item.guid)) return seen.add(item.guid);
    duplicates.push({ guid: item.guid, reason: 'duplicate guid (the first one is kept)' });
    return false;
  });
  return { items: kept, duplicates };
}
