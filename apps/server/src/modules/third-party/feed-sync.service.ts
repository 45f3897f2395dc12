import type { Executor } from '../../db/client';
import type { WorkerLog } from '../../jobs/worker-log';
import type { MediaStore } from '../../storage/storage';
import { FeedFetchError, fetchFeed, type PartnerFetchPolicy } from './feed-fetcher';
import { partnerArtwork, type ArtworkPlan } from './feed-artwork';
import { FeedFormatError, parseMrss, type FeedItem } from './mrss-parser';
import { itemValues } from './feed-item-values';
import { sha256Hex } from '../../lib/sha256';
import { artworkSourceOf, slugify } from './feed-keys';
import * as repo from './third-party.repository';

/** A configured partner feed (THIRD_PARTY_FEEDS). */
export interface FeedSource {
  name: string;
  url: string;
}

export interface SyncDeps extends PartnerFetchPolicy {
  db: Executor;
  store: MediaStore;
  log: WorkerLog;
}

export type SyncOutcome =
  | { feed: string; status: 'not-modified' }
  | { feed: string; status: 'failed'; error: string }
  | { feed: string; status: 'imported'; added: number; updated: number; unchanged: number; disabled: number; skipped: number };

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
 * One feed: conditional GET, parse, validate each item, then one transaction that upserts by
 * partner + guid and disables what the feed no longer lists. Anything wrong with the feed as a
 * whole (unreachable, cut off, not XML, no valid item) is recorded and changes no title.
 */
export async function syncFeed(deps: SyncDeps, source: FeedSource): Promise<SyncOutcome> {
  const { db, log } = deps;
  const feed = await repo.upsertFeed(db, source);
  const fail = async (error: string): Promise<SyncOutcome> => {
    log.warn({ feed: source.name, url: source.url, error }, 'third-party feed not imported; its catalogue is unchanged');
    await repo.recordFeedCheck(db, { feedId: feed.id, error });
    return { feed: source.name, status: 'failed', error };
  };

  let items: FeedItem[];
  let validators: { etag: string | null; lastModified: string | null };
  let skipped: number;
  try {
    const response = await fetchFeed({ url: source.url, etag: feed.etag, lastModified: feed.lastModified, policy: deps });
    if (response.status === 'not-modified') {
      await repo.recordFeedCheck(db, { feedId: feed.id, error: null });
      return { feed: source.name, status: 'not-modified' };
    }
    const parsed = parseMrss(response.body, { feedUrl: source.url });
    const unique = dropDuplicateGuids(parsed.items);
    for (const item of [...parsed.skipped, ...unique.duplicates]) {
      log.warn({ feed: source.name, guid: item.guid, reason: item.reason }, 'third-party feed item skipped');
    }
    items = unique.items;
    skipped = parsed.skipped.length + unique.duplicates.length;
    validators = { etag: response.etag, lastModified: response.lastModified };
  } catch (error) {
    if (error instanceof FeedFormatError || error instanceof FeedFetchError) return fail(error.message);
    throw error;
  }
  // An empty channel is far likelier a partner's outage than a withdrawn catalogue.
  if (items.length === 0) return fail('the feed lists no valid item');

  const existing = new Map((await repo.importedItems(db, feed.id)).map((row) => [row.guid, row]));
  const plans = await planItems({ deps, feed: source, feedId: feed.id, items, existing });
  const outcome = await db.transaction(async (tx) => {
    const counts = { added: 0, updated: 0, unchanged: 0 };
    const present: string[] = [];
    for (const plan of plans) {
      if (plan.kind === 'unchanged') {
        counts.unchanged++;
        present.push(plan.titleId);
        continue;
      }
      const values = itemValues({ item: plan.item, artwork: plan.artwork, contentHash: plan.contentHash });
      let titleId: string;
      if (plan.kind === 'new') {
        titleId = await repo.insertItem(tx, { feedId: feed.id, guid: plan.item.guid, slug: plan.slug, ...values });
        counts.added++;
      } else {
        titleId = plan.titleId;
        await repo.updateItem(tx, { titleId, ...values });
        counts.updated++;
      }
      await repo.setGenres(tx, { titleId, names: plan.item.categories });
      present.push(titleId);
    }
    await repo.markSeen(tx, { titleIds: present });
    const disabled = await repo.disableMissing(tx, { feedId: feed.id, presentTitleIds: present });
    await repo.recordFeedCheck(tx, { feedId: feed.id, error: null, imported: { ...validators, counts: { ...counts, disabled, skipped } } });
    return { ...counts, disabled };
  });
  log.info({ feed: source.name, ...outcome, skipped }, 'third-party feed imported');
  return { feed: source.name, status: 'imported', ...outcome, skipped };
}

type Existing = Awaited<ReturnType<typeof repo.importedItems>>[number];
type ItemPlan =
  | { kind: 'unchanged'; titleId: string }
  | { kind: 'new'; item: FeedItem; slug: string; artwork: ArtworkPlan; contentHash: string }
  | { kind: 'changed'; item: FeedItem; titleId: string; artwork: ArtworkPlan; contentHash: string };

/** Decides each item's fate and fetches new artwork before the transaction, which must stay short. */
async function planItems(input: {
  deps: SyncDeps;
  feed: FeedSource;
  feedId: string;
  items: FeedItem[];
  existing: Map<string, Existing>;
}): Promise<ItemPlan[]> {
  const { deps, feed, existing } = input;
  const slugs = await newSlugs(deps.db, { feed, items: input.items.filter((i) => !existing.has(i.guid)) });
  const plans: ItemPlan[] = [];
  for (const item of input.items) {
    const before = existing.get(item.guid);
    const contentHash = sha256Hex(JSON.stringify(item));
    if (before && before.contentHash === contentHash && before.artworkSource === artworkSourceOf(item)) {
      plans.push({ kind: 'unchanged', titleId: before.titleId });
      continue;
    }
    const artwork = await partnerArtwork({ deps, feed, item, before, source: artworkSourceOf(item) });
    plans.push(
      before
        ? { kind: 'changed', item, titleId: before.titleId, artwork, contentHash }
        : { kind: 'new', item, slug: slugs.get(item.guid)!, artwork, contentHash },
    );
  }
  return plans;
}

/** Readable slugs from names; a name another title already uses gets a short suffix from its guid. */
async function newSlugs(db: Executor, input: { feed: FeedSource; items: FeedItem[] }): Promise<Map<string, string>> {
  const wanted = input.items.map((item) => ({ guid: item.guid, slug: slugify(item.title) || 'title' }));
  const taken = await repo.takenSlugs(db, wanted.map((w) => w.slug));
  const used = new Set<string>();
  const slugs = new Map<string, string>();
  for (const { guid, slug } of wanted) {
    const chosen = taken.has(slug) || used.has(slug) ? `${slug}-${sha256Hex(`${input.feed.name}:${guid}`).slice(0, 6)}` : slug;
    used.add(chosen);
    slugs.set(guid, chosen);
  }
  return slugs;
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
