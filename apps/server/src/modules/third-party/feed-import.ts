import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Executor } from '../../db/client';
import type { WorkerLog } from '../../jobs/worker-log';
import { sha256Hex } from '../../lib/sha256';
import { mapWithConcurrency } from '../../lib/map-with-concurrency';
import { refusedData, refusedPrivilege } from '../../lib/unique-violation';
import { feedArtwork, type ArtworkDeps, type ArtworkPlan, type FeedArtwork } from './feed-artwork';
import { itemValues } from './feed-item-values';
import { artworkSourceOf, slugify } from './feed-keys';
import type { FeedItem } from './mrss-parser';
import * as repo from './feed-sync.repository';

/**
 * How a sync writes: in batches, pausing after each one for a multiple of the time it took. The
 * pause is short while this process is otherwise idle, and long while it is busy serving pages
 * (its event loop busy for more than `busyUtilisation` of the short pause, when the sync itself
 * does nothing). A sync then finishes quickly on a quiet site and leaves most of the database,
 * and of the CPU, to viewers on a busy one.
 */
export interface ImportPace {
  /** Items written per transaction. */
  batchSize: number;
  /** The pause after a batch, as a multiple of the batch's time, while the process is idle… */
  idlePauseRatio: number;
  /** …and while it is busy. */
  busyPauseRatio: number;
  busyUtilisation: number;
}

/**
 * 200 items make statements of tens of milliseconds on the embedded database. While pages are
 * served the sync holds the database an eleventh of the time at most, and its own work on the
 * event loop is spread as thin (bench/README.md, "feeds").
 */
export const DEFAULT_PACE: ImportPace = { batchSize: 200, idlePauseRatio: 0.25, busyPauseRatio: 10, busyUtilisation: 0.25 };
/** Pictures fetched and encoded at once: sharp works on libuv's four threads. */
const ARTWORK_CONCURRENCY = 4;

export interface ImportDeps extends ArtworkDeps {
  db: Executor;
  log: WorkerLog;
  pace?: ImportPace;
}

export interface ImportResult {
  added: number;
  updated: number;
  unchanged: number;
  failed: number;
  /** Titles of the feed that it no longer lists and viewers still see. */
  missing: string[];
  /** False when an item failed or its artwork is a stand-in to retry: the next sync must read the feed in full. */
  complete: boolean;
}

interface Candidate {
  item: FeedItem;
  before: Imported | undefined;
  contentHash: string;
  artworkSource: string;
}
type Imported = Awaited<ReturnType<typeof repo.importedItems>>[number];

/**
 * Writes the feed's new and changed items in batches: an item whose content hash and thumbnails
 * are those last imported is not written at all. Progress (items dealt with, of the feed's total)
 * is recorded with each batch. A batch that fails is written again item by item, so one bad item
 * fails alone.
 */
export async function importItems(
  deps: ImportDeps,
  input: { feedId: string; feed: { name: string }; items: FeedItem[]; startedAt: string },
): Promise<ImportResult> {
  const pace = deps.pace ?? DEFAULT_PACE;
  const remaining = new Map((await repo.importedItems(deps.db, input.feedId)).map((row) => [row.guid, row]));
  const result: ImportResult = { added: 0, updated: 0, unchanged: 0, failed: 0, missing: [], complete: true };
  const changed: Candidate[] = [];
  const reappeared: string[] = [];
  for (const item of input.items) {
    const before = remaining.get(item.guid);
    remaining.delete(item.guid);
    const candidate = { item, before, contentHash: sha256Hex(JSON.stringify(item)), artworkSource: artworkSourceOf(item) };
    if (!before || before.contentHash !== candidate.contentHash || before.artworkSource !== candidate.artworkSource) changed.push(candidate);
    else if (before.isEnable) result.unchanged++;
    else reappeared.push(before.titleId);
  }
  result.missing = [...remaining.values()].filter((row) => row.isEnable).map((row) => row.titleId);
  result.updated += await repo.setTitlesEnabled(deps.db, { titleIds: reappeared, isEnable: true });

  const progress = (processed: number) => ({ feedId: input.feedId, progress: { processed, total: input.items.length, startedAt: input.startedAt, updatedAt: new Date().toISOString() } });
  let processed = input.items.length - changed.length;
  await repo.recordProgress(deps.db, progress(processed));
  const writer = batchWriter(deps, input);
  const maintain = searchMaintenance(deps);
  let sinceAnalyze = 0;
  for (let start = 0; start < changed.length; start += pace.batchSize) {
    const began = performance.now();
    const batch = changed.slice(start, start + pace.batchSize);
    const written = await writer.write(batch, (tx) => repo.recordProgress(tx, progress(processed + batch.length)));
    processed += batch.length;
    result.added += written.added;
    result.updated += written.updated;
    result.failed += written.failed;
    result.complete &&= written.failed === 0 && written.pendingArtwork === 0;
    sinceAnalyze += batch.length;
    const last = start + pace.batchSize >= changed.length;
    await maintain(repo.mergeSearchIndexes);
    // Every thousand items, and at the end of a large import: PGlite has no autovacuum to do it.
    if (sinceAnalyze >= ANALYZE_EVERY || (last && changed.length >= ANALYZE_EVERY)) {
      await maintain(repo.analyzeCatalogue);
      sinceAnalyze = 0;
    }
    if (!last) await pause({ pace, tookMs: performance.now() - began });
  }
  return result;
}

/** Items written between two refreshes of the planner's statistics. */
const ANALYZE_EVERY = 1_000;

/**
 * Runs the search's upkeep after a batch (the index merge, statistics). Both need the tables'
 * owner: a database role that is not gets a warning once, and the sync goes on without them
 * (search is then slower until autovacuum has done the same).
 */
function searchMaintenance(deps: ImportDeps) {
  let refused = false;
  return async (task: (db: Executor) => Promise<void>) => {
    if (refused) return;
    try {
      await task(deps.db);
    } catch (error) {
      if (!refusedPrivilege(error)) throw error;
      refused = true;
      deps.log.warn({ error: messageOf(error) }, 'search index upkeep after a feed batch refused; the sync goes on without it');
    }
  };
}

async function pause(input: { pace: ImportPace; tookMs: number }): Promise<void> {
  const { pace, tookMs } = input;
  const loop = performance.eventLoopUtilization();
  await sleep(tookMs * pace.idlePauseRatio);
  if (performance.eventLoopUtilization(loop).utilization > pace.busyUtilisation) await sleep(tookMs * (pace.busyPauseRatio - pace.idlePauseRatio));
}

/** Writes batches of one feed's items, keeping what the sync learns along the way (slugs, genres, drawn artwork). */
function batchWriter(deps: ImportDeps, input: { feedId: string; feed: { name: string } }) {
  const artwork = feedArtwork(deps, input.feed);
  const slugsUsed = new Set<string>();
  const genreIds = new Map<string, string>();

  const commit = async (batch: Candidate[], plans: ArtworkPlan[], after: (tx: Executor) => Promise<void>) => {
    const slugs = await newSlugs(deps.db, { feed: input.feed, items: batch.filter((c) => !c.before).map((c) => c.item), used: slugsUsed });
    const names = [...new Set(batch.flatMap((c) => c.item.categories))].filter((name) => !genreIds.has(name));
    // Outside the transaction: a genre is shared, and one made for an item that then fails does no harm.
    for (const [name, id] of await repo.ensureGenres(deps.db, names)) genreIds.set(name, id);
    const rows = batch.map((c, i) => ({
      titleId: c.before?.titleId ?? randomUUID(),
      feedId: input.feedId,
      guid: c.item.guid,
      slug: c.before?.slug ?? slugs.get(c.item.guid)!,
      ...itemValues({ item: c.item, artwork: plans[i]!, contentHash: c.contentHash }),
    }));
    await deps.db.transaction(async (tx) => {
      await repo.upsertItems(tx, rows);
      await repo.replaceTitleGenres(tx, {
        titleIds: batch.filter((c) => c.before).map((c) => c.before!.titleId),
        links: rows.flatMap((row, i) => batch[i]!.item.categories.map((name) => ({ titleId: row.titleId, genreId: genreIds.get(name)! }))),
      });
      await after(tx);
    });
  };

  return {
    async write(batch: Candidate[], after: (tx: Executor) => Promise<void>) {
      const plans = await mapWithConcurrency(batch, ARTWORK_CONCURRENCY, (c) => planArtwork(artwork, c));
      const pendingArtwork = plans.filter((plan, i) => plan.source === '' && batch[i]!.artworkSource !== '').length;
      const added = batch.filter((c) => !c.before).length;
      try {
        await commit(batch, plans, after);
        return { added, updated: batch.length - added, failed: 0, pendingArtwork };
      } catch (error) {
        // A lost database fails the sync (the next one carries on where it stopped); refused rows are the items'.
        if (!refusedData(error)) throw error;
        if (batch.length === 1) {
          await after(deps.db);
          return { ...failedItem(batch[0]!, error), pendingArtwork };
        }
        deps.log.warn({ feed: input.feed.name, error: messageOf(error) }, 'third-party feed batch refused; writing its items one by one');
      }
      const written = { added: 0, updated: 0, failed: 0, pendingArtwork };
      for (const [i, candidate] of batch.entries()) {
        try {
          await commit([candidate], [plans[i]!], async () => {});
          written[candidate.before ? 'updated' : 'added']++;
        } catch (error) {
          if (!refusedData(error)) throw error;
          written.failed += failedItem(candidate, error).failed;
        }
      }
      await after(deps.db);
      return written;
    },
  };

  function failedItem(candidate: Candidate, error: unknown) {
    deps.log.warn({ feed: input.feed.name, guid: candidate.item.guid, error: messageOf(error) }, 'third-party feed item not written');
    return { added: 0, updated: 0, failed: 1 };
  }
}

function planArtwork(artwork: FeedArtwork, candidate: Candidate): Promise<ArtworkPlan> {
  return artwork.of({ item: candidate.item, before: candidate.before, source: candidate.artworkSource });
}

/** Readable slugs from names; a name another title already uses gets a short suffix from its guid. */
async function newSlugs(db: Executor, input: { feed: { name: string }; items: FeedItem[]; used: Set<string> }): Promise<Map<string, string>> {
  const wanted = input.items.map((item) => ({ guid: item.guid, slug: slugify(item.title) || 'title' }));
  const taken = await repo.takenSlugs(db, wanted.map((w) => w.slug));
  const slugs = new Map<string, string>();
  for (const { guid, slug } of wanted) {
    const chosen = taken.has(slug) || input.used.has(slug) ? `${slug}-${sha256Hex(`${input.feed.name}:${guid}`).slice(0, 6)}` : slug;
    input.used.add(chosen);
    slugs.set(guid, chosen);
  }
  return slugs;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
