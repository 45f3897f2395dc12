import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '@marquee/server/src/app';
import { openBenchDatabase } from '../lib/bench-database';
import { installed, spawnListening, type ListeningProcess } from '../lib/processes';
import { printTable } from '../lib/report';
import { signInViewer } from '../lib/sign-in';
import { formatRatio, median, round } from '../lib/stats';
import { checkFailures, runWrk, type WrkResult } from '../lib/wrk';
import { countTitles, seedCatalogue } from '../seed/catalogue.seed';
import { DEFAULT_HOME, seedHome } from '../seed/home.seed';

export interface ThroughputOptions {
  titles: number;
  rounds: number;
  durationSeconds: number;
  warmupSeconds: number;
  connections: number;
  /** Search terms to load, as typed by a user. */
  searchTerms: string[];
}

export const DEFAULT_THROUGHPUT: ThroughputOptions = {
  titles: 1_000,
  rounds: 3,
  durationSeconds: 10,
  warmupSeconds: 2,
  connections: 20,
  searchTerms: ['stra', 'strnger thngs'],
};

const BARE_SERVER = resolve(import.meta.dirname, 'bare-server.mjs');
const STATIC_PATH = '/__bench/static';
/** A known title of the bench catalogue (seed/catalogue.seed.ts). */
const MOVIE_SLUG = 'harbour-lights';

interface Target {
  name: string;
  origin: string;
  path: string;
  headers?: Record<string, string>;
  /** The target whose req/s this one is divided by in each round (itself for a baseline). */
  baseline: string;
  bytes?: number;
  runs: WrkResult[];
}

/**
 * Requests/s of the catalogue answers (a category's data, anonymous and signed in; the category
 * list; a title page) and of search under concurrent load, each divided by the requests/s of a bare
 * Fastify process sending the very bytes that endpoint answered (no plugins, no database, no
 * serialiser), measured in the same round. The ratio is what the app's work costs, and holds across
 * machines where raw req/s do not. wrk is the client: autocannon's own ceiling is near what a bare
 * route sends here.
 */
export async function runThroughputBenchmark(options: ThroughputOptions) {
  if (!installed('wrk')) {
    const message = 'throughput: skipped, wrk not found (apt-get install -y wrk; Debian\'s, for the benchmark only)';
    console.log(`\n${message}`);
    return { skipped: message, summary: [message] };
  }
  const database = await openBenchDatabase();
  const workDir = await mkdtemp(join(tmpdir(), 'marquee-bench-throughput-'));
  let app: FastifyInstance | undefined;
  let bare: ListeningProcess | undefined;
  try {
    console.log(`\n[throughput] ${database.label}: seeding ${options.titles} titles and the home page...`);
    await seedCatalogue({ handle: database.handle, titles: options.titles });
    const [categoryId] = await seedHome({ handle: database.handle });
    app = await buildApp({ config: database.config, db: database.handle.db });
    // The old baseline, kept to tell the framework's share from the data's: the same JSON, in the app's process.
    let staticBody = '';
    app.get(STATIC_PATH, async (_request, reply) => reply.type('application/json; charset=utf-8').send(staticBody));
    const origin = await app.listen({ host: '127.0.0.1', port: 0 });
    const token = await signInViewer(app, 'throughput@bench.example');

    const endpoints = [
      { name: 'category-data', path: `/user/category-data/${categoryId}` },
      { name: 'category-data signed in', path: `/user/category-data/${categoryId}`, headers: { authorization: `Bearer ${token}` } },
      { name: 'homepage', path: '/user/homepage' },
      { name: 'movie page', path: `/movie-name/${MOVIE_SLUG}` },
      ...options.searchTerms.map((term) => ({ name: `search '${term}'`, path: `/search/${encodeURIComponent(term)}` })),
    ];
    const targets: Target[] = [];
    for (const [i, endpoint] of endpoints.entries()) {
      const body = await fetchChecked(origin + endpoint.path, endpoint.headers);
      if (i === 0) staticBody = body;
      // The signed-in answer has the anonymous one's shape and size: it is measured against the same ceiling.
      const bareName = `bare ${endpoint.headers ? endpoints[0]!.name : endpoint.name}`;
      if (!endpoint.headers) {
        await writeFile(join(workDir, `${targets.length}.json`), body);
        targets.push({ name: bareName, origin: '', path: `/bare/${targets.length}`, baseline: bareName, bytes: Buffer.byteLength(body), runs: [] });
      }
      targets.push({ ...endpoint, origin, baseline: bareName, bytes: Buffer.byteLength(body), runs: [] });
    }
    targets.push({ name: 'in-app static', origin, path: STATIC_PATH, baseline: `bare ${endpoints[0]!.name}`, bytes: Buffer.byteLength(staticBody), runs: [] });
    bare = await spawnListening({ command: process.execPath, args: [BARE_SERVER, workDir], origin: (line) => /^LISTENING (\S+)/.exec(line)?.[1] ?? null });
    for (const target of targets) if (target.origin === '') target.origin = bare.origin;
    for (const target of targets) await fetchChecked(target.origin + target.path, target.headers);

    const load = (target: Target, durationSeconds: number) =>
      runWrk({ ...target, paths: [target.path], connections: options.connections, durationSeconds, workDir, timeoutSeconds: 30 });
    for (const target of targets) await load(target, options.warmupSeconds);
    for (let round = 0; round < options.rounds; round += 1) {
      // Rotate the order each round so no target always runs first, or just after the heaviest one.
      const order = targets.map((_, i) => targets[(i + round) % targets.length]!);
      for (const target of order) {
        const run = await load(target, options.durationSeconds);
        checkFailures(target.name, run);
        target.runs.push(run);
        console.log(`  round ${round + 1}/${options.rounds} ${target.name.padEnd(28)} ${Math.round(run.requestsPerSecond)} req/s`);
      }
    }
    return report({ targets, label: database.label, titles: await countTitles(database.handle), options });
  } finally {
    await bare?.stop();
    await app?.close();
    await database.close();
    await rm(workDir, { recursive: true, force: true });
  }
}

/** One request before loading: a target that fails or finds nothing would measure an error page. */
async function fetchChecked(url: string, headers?: Record<string, string>): Promise<string> {
  const response = await fetch(url, { headers });
  const body = await response.text();
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${body.slice(0, 200)}`);
  const json = JSON.parse(body) as { movies?: unknown[]; series?: unknown[] };
  if (json.movies && json.series && json.movies.length + json.series.length === 0) throw new Error(`${url} found nothing`);
  return body;
}

function report(input: { targets: Target[]; label: string; titles: number; options: ThroughputOptions }) {
  const byName = new Map(input.targets.map((t) => [t.name, t]));
  const rows = input.targets.map((target) => {
    const baseline = byName.get(target.baseline)!;
    // Each round's ratio is taken against the baseline of the same round, then the median of those.
    const ratios = target.runs.map((run, i) => run.requestsPerSecond / baseline.runs[i]!.requestsPerSecond);
    return {
      name: target.name,
      path: target.path,
      baseline: target.baseline,
      responseBytes: target.bytes ?? 0,
      requestsPerSecond: target.runs.map((r) => round(r.requestsPerSecond, 0)),
      medianRequestsPerSecond: round(median(target.runs.map((r) => r.requestsPerSecond)), 0),
      medianLatencyP50Ms: round(median(target.runs.map((r) => r.latencyP50Ms)), 1),
      medianLatencyP99Ms: round(median(target.runs.map((r) => r.latencyP99Ms)), 1),
      failures: target.runs.reduce((sum, r) => sum + r.failures, 0),
      ratioToBare: round(median(ratios), 3),
    };
  });
  const { options } = input;
  printTable({
    title: `Throughput: ${input.label}, ${input.titles} titles, ${DEFAULT_HOME.categories}×${DEFAULT_HOME.rowsPerCategory}×${DEFAULT_HOME.itemsPerRow} home, ` +
      `wrk ${options.connections} connections, ${options.rounds} × ${options.durationSeconds} s (medians)`,
    header: ['endpoint', 'bytes', 'req/s', 'p50 ms', 'p99 ms', '÷ bare Fastify'],
    rows: rows.map((r) => [r.name, r.responseBytes, r.medianRequestsPerSecond, r.medianLatencyP50Ms, r.medianLatencyP99Ms, r.name === r.baseline ? '(baseline)' : formatRatio(r.ratioToBare)]),
  });
  const summary = rows
    .filter((r) => r.name !== r.baseline)
    .map((r) => `throughput ${r.name} / bare Fastify, same bytes: ${formatRatio(r.ratioToBare)} (p99 ${r.medianLatencyP99Ms} ms)`);
  return { database: input.label, titles: input.titles, home: DEFAULT_HOME, options, endpoints: rows, summary };
}
