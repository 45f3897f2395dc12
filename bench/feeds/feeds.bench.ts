import { readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '@marquee/server/src/app';
import type { DatabaseHandle } from '@marquee/server/src/db/client';
import { syncFeed, type SyncDeps, type SyncOutcome } from '@marquee/server/src/modules/third-party/feed-sync.service';
import { mediaStoreFromConfig } from '@marquee/server/src/storage/store-from-config';
import { openBenchDatabase } from '../lib/bench-database';
import { installed, spawnListening, type ListeningProcess } from '../lib/processes';
import { printTable } from '../lib/report';
import { formatRatio, median, round } from '../lib/stats';
import { checkFailures, runWrk } from '../lib/wrk';
import { seedCatalogue } from '../seed/catalogue.seed';
import { seedHome } from '../seed/home.seed';

export interface FeedsOptions {
  /** Items in each of the partner's two feeds. */
  items: number;
  /** Titles of our own catalogue, which the pages are served from while a feed syncs. */
  titles: number;
  /** Length of each wrk window. */
  windowSeconds: number;
  /** Windows without a sync, before and after the one with. */
  baselineWindows: number;
  connections: number;
}

export const DEFAULT_FEEDS: FeedsOptions = { items: 10_000, titles: 1_000, windowSeconds: 5, baselineWindows: 3, connections: 10 };

const FEED_SERVER = resolve(import.meta.dirname, 'partner-feed-server.mjs');

/**
 * A partner's feed of `items` plain items, synced the way the job does it, in the process that
 * serves the pages:
 * - first import: wall time, items per second, peak resident memory above the idle process;
 * - re-sync of the unchanged feed, answered 304 and from a server that ignores conditional
 *   requests: wall time, statements, rows rewritten (rows whose version, xmin, changed);
 * - catalogue throughput (a category, the category list, a title page, a search, cycled by wrk)
 *   while a second feed's first import runs, ÷ the same without a sync, before and after.
 */
export async function runFeedsBenchmark(options: FeedsOptions) {
  if (!installed('wrk')) {
    const message = "feeds: skipped, wrk not found (apt-get install -y wrk; Debian's, for the benchmark only)";
    console.log(`\n${message}`);
    return { skipped: message, summary: [message] };
  }
  let statements = 0;
  const database = await openBenchDatabase({ onQuery: () => void statements++, embeddedOnDisk: true });
  const workDir = await mkdtemp(join(tmpdir(), 'marquee-bench-feeds-'));
  let app: FastifyInstance | undefined;
  let partner: ListeningProcess | undefined;
  try {
    console.log(`\n[feeds] ${database.label}: seeding ${options.titles} titles and the home page; a partner with two feeds of ${options.items} items...`);
    await seedCatalogue({ handle: database.handle, titles: options.titles });
    const [categoryId] = await seedHome({ handle: database.handle });
    app = await buildApp({ config: database.config, db: database.handle.db });
    const origin = await app.listen({ host: '127.0.0.1', port: 0 });
    partner = await spawnListening({ command: process.execPath, args: [FEED_SERVER, String(options.items)], origin: (line) => /^LISTENING (\S+)/.exec(line)?.[1] ?? null });
    const feedBytes = Number(/^LISTENING \S+ (\d+)/m.exec(partner.output())?.[1] ?? 0);
    const deps: SyncDeps = { db: database.handle.db, store: mediaStoreFromConfig(database.config), log: quietLog(), allowedOrigins: [partner.origin] };
    const sync = (feed: string, path: string) => syncFeed(deps, { name: feed, url: `${partner!.origin}${path}` });

    const first = await measured(() => sync('A', '/a.xml'));
    expectImported(first.outcome, options.items);
    console.log(`  first import: ${first.seconds} s, peak ${first.peakMb} MB above idle`);
    const resyncs = [];
    for (const [name, path] of [['304 Not Modified', '/a.xml'], ['conditional GET ignored', '/a-ignoring.xml']] as const) {
      const before = await rowVersions(database.handle);
      const counted = statements;
      const run = await measured(() => sync('A', path));
      const rewritten = rowsRewritten(before, await rowVersions(database.handle));
      resyncs.push({ name, seconds: run.seconds, statements: statements - counted, rewritten, outcome: run.outcome });
      console.log(`  re-sync (${name}): ${run.seconds} s, ${statements - counted} statements, ${rewritten} rows rewritten`);
    }

    // Pages answered from the read model (reset by every batch's commit) and search, which queries
    // the database each time: measured apart, as a sync can cost each in its own way.
    const loads = [
      { kind: 'pages', paths: [`/user/category-data/${categoryId}`, '/user/homepage', '/movie-name/harbour-lights'] },
      { kind: 'search', paths: ['/search/stra', '/search/strnger%20thngs'] },
    ] as const;
    const window = async (load: (typeof loads)[number], name: string) => {
      const run = await runWrk({ origin, paths: [...load.paths], connections: options.connections, durationSeconds: options.windowSeconds, workDir, name, timeoutSeconds: 30 });
      checkFailures(`${name} (${load.kind})`, run);
      return run.requestsPerSecond;
    };
    // One window of each, not counted: the code paths and the database's caches warm up first.
    for (const load of loads) await window(load, 'warm-up');
    const windows = Object.fromEntries(loads.map((l) => [l.kind, { without: [] as number[], during: [] as number[] }]));
    const baseline = async () => {
      for (let i = 0; i < options.baselineWindows; i += 1) for (const load of loads) windows[load.kind]!.without.push(await window(load, 'without a sync'));
    };
    await baseline();
    let done = false;
    const second = sync('B', '/b.xml').finally(() => (done = true));
    const startedAt = performance.now();
    for (let i = 0; !done; i += 1) {
      const load = loads[i % loads.length]!;
      const rps = await window(load, 'during a sync');
      if (!done) windows[load.kind]!.during.push(rps);
    }
    const secondSeconds = round((performance.now() - startedAt) / 1000, 1);
    expectImported(await second, options.items);
    await baseline();
    const throughput = loads.map((load) => {
      const { without, during } = windows[load.kind]!;
      if (during.length === 0) throw new Error(`feeds: the second import (${secondSeconds} s) ended before a ${options.windowSeconds} s window of ${load.kind}`);
      return { kind: load.kind, paths: load.paths, withoutRps: round(median(without), 0), duringRps: round(median(during), 0), ratio: round(median(during) / median(without), 3), without, during };
    });

    return report({ label: database.label, options, feedBytes, first, resyncs, throughput, secondSeconds });
  } finally {
    await partner?.stop();
    await app?.close();
    await database.close();
    await rm(workDir, { recursive: true, force: true });
  }
}

function report(input: {
  label: string;
  options: FeedsOptions;
  feedBytes: number;
  first: Awaited<ReturnType<typeof measured>>;
  resyncs: { name: string; seconds: number; statements: number; rewritten: number }[];
  throughput: { kind: string; paths: readonly string[]; withoutRps: number; duringRps: number; ratio: number; without: number[]; during: number[] }[];
  secondSeconds: number;
}) {
  const { options, first, resyncs, throughput } = input;
  const perSecond = (seconds: number) => Math.round(options.items / seconds);
  printTable({
    title: `Partner feeds: ${input.label}${input.label.startsWith('embedded') ? ' (in a data directory, as the server keeps it)' : ''}, ${options.items} plain items (${round(input.feedBytes / 1e6, 1)} MB), beside ${options.titles} titles of our own`,
    header: ['sync', 'seconds', 'items/s', 'statements', 'rows rewritten', 'peak MB above idle'],
    rows: [
      ['first import', first.seconds, perSecond(first.seconds), '', '', first.peakMb],
      ...resyncs.map((r) => [`re-sync, ${r.name}`, r.seconds, perSecond(r.seconds), r.statements, r.rewritten, '']),
    ],
  });
  printTable({
    title: `Catalogue req/s while another ${options.items}-item feed's first import runs (${input.secondSeconds} s) ÷ without (wrk ${options.connections} connections, ${options.windowSeconds} s windows, medians)`,
    header: ['load', 'without', 'during', 'windows without / during', 'during ÷ without'],
    rows: throughput.map((t) => [`${t.kind}: ${t.paths.join(' ')}`, t.withoutRps, t.duringRps, `${t.without.length} / ${t.during.length}`, formatRatio(t.ratio)]),
  });
  const ignored = resyncs.find((r) => r.name === 'conditional GET ignored')!;
  const summary = [
    `feeds first import of ${options.items} items: ${perSecond(first.seconds)} items/s (${first.seconds} s), peak memory ${first.peakMb} MB above idle`,
    `feeds re-sync, server ignoring conditional GET: ${perSecond(ignored.seconds)} items/s (${ignored.seconds} s), ${ignored.rewritten} rows rewritten`,
    ...throughput.map((t) => `feeds catalogue ${t.kind} req/s during a sync / without: ${formatRatio(t.ratio)}`),
  ];
  return { database: input.label, options, feedBytes: input.feedBytes, firstImport: first, resyncs, throughput, secondImportSeconds: input.secondSeconds, summary };
}

/** A sync's wall time and the process's peak resident memory above what it held when the sync began. */
async function measured(run: () => Promise<SyncOutcome>) {
  const idle = residentKb();
  const peak = peakTracker();
  const started = performance.now();
  const outcome = await run();
  const seconds = round((performance.now() - started) / 1000, 2);
  return { outcome, seconds, peakMb: Math.round((peak.stop() - idle) / 1024) };
}

/**
 * The kernel's high-water mark of the process's resident set (VmHWM), reset first (clear_refs 5),
 * so a peak between two samples is not missed; a 20 ms sample where /proc cannot be written.
 */
function peakTracker() {
  try {
    writeFileSync('/proc/self/clear_refs', '5');
    return { stop: () => statusKb('VmHWM') };
  } catch {
    let peak = residentKb();
    const timer = setInterval(() => (peak = Math.max(peak, residentKb())), 20);
    return {
      stop: () => {
        clearInterval(timer);
        return Math.max(peak, residentKb());
      },
    };
  }
}

const residentKb = () => process.memoryUsage.rss() / 1024;
const statusKb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? 0);

/** Each partner row's version: a row rewritten, even to the same values, gets a new xmin. */
async function rowVersions(handle: DatabaseHandle): Promise<Map<string, string>> {
  const { rows } = await handle.pool.query<{ k: string; v: string }>(`
    select 't' || t.id as k, t.xmin::text as v from titles t where t.is_third_party
    union all select 'i' || i.title_id, i.xmin::text from third_party_items i
    union all select 'g' || g.title_id || g.genre_id, g.xmin::text from title_genres g join titles t on t.id = g.title_id where t.is_third_party`);
  return new Map(rows.map((r) => [r.k, r.v]));
}

/** Rows written (new, or rewritten) plus rows deleted. */
function rowsRewritten(before: Map<string, string>, after: Map<string, string>): number {
  let count = 0;
  for (const [key, version] of after) if (before.get(key) !== version) count += 1;
  for (const key of before.keys()) if (!after.has(key)) count += 1;
  return count;
}

function expectImported(outcome: SyncOutcome, items: number): void {
  if (outcome.status !== 'imported' || outcome.added !== items) throw new Error(`feeds: expected ${items} items added, got ${JSON.stringify(outcome)}`);
}

/** Quiet: the benchmark's output is its tables (a plain item gives no warning). */
function quietLog() {
  return { info() {}, warn() {}, error() {} };
}
