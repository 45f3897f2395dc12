import type { FastifyInstance } from 'fastify';
import { buildApp } from '@marquee/server/src/app';
import { openBenchDatabase } from '../lib/bench-database';
import { measureLoad, type LoadResult } from '../lib/load';
import { printTable } from '../lib/report';
import { formatRatio, median, round } from '../lib/stats';
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

const STATIC_PATH = '/__bench/static';

interface Target {
  name: string;
  path: string;
  bytes?: number;
  runs: LoadResult[];
}

/**
 * Requests/s of the home page's category data and of search under concurrent load, each divided
 * by the requests/s of a static JSON route of the same size in the same process: the ratio is
 * what the database work and validation cost, and holds across machines where raw req/s do not.
 */
export async function runThroughputBenchmark(options: ThroughputOptions) {
  const database = await openBenchDatabase();
  let app: FastifyInstance | undefined;
  try {
    console.log(`\n[throughput] ${database.label}: seeding ${options.titles} titles and the home page...`);
    await seedCatalogue({ handle: database.handle, titles: options.titles });
    const [categoryId] = await seedHome({ handle: database.handle });
    app = await buildApp({ config: database.config, db: database.handle.db });
    // The baseline answers exactly what the category route answers, minus the database and the zod serialiser.
    let staticBody: unknown = null;
    app.get(STATIC_PATH, async () => staticBody);
    const origin = await app.listen({ host: '127.0.0.1', port: 0 });
    staticBody = await (await fetch(`${origin}/user/category-data/${categoryId!}`)).json();

    const targets: Target[] = [
      { name: 'static (baseline)', path: STATIC_PATH, runs: [] },
      { name: 'category-data', path: `/user/category-data/${categoryId}`, runs: [] },
      ...options.searchTerms.map((term) => ({ name: `search '${term}'`, path: `/search/${encodeURIComponent(term)}`, runs: [] })),
    ];
    for (const target of targets) target.bytes = await checkTarget(origin + target.path);

    const load = (target: Target, durationSeconds: number) =>
      measureLoad({ url: origin + target.path, connections: options.connections, durationSeconds });
    for (const target of targets) await load(target, options.warmupSeconds);
    for (let round = 0; round < options.rounds; round += 1) {
      // Rotate the order each round so no target always runs first, or just after the heaviest one.
      const order = targets.map((_, i) => targets[(i + round) % targets.length]!);
      for (const target of order) {
        const run = await load(target, options.durationSeconds);
        if (run.failures > 0) throw new Error(`${target.name}: ${run.failures} failed requests`);
        target.runs.push(run);
        console.log(`  round ${round + 1}/${options.rounds} ${target.name.padEnd(24)} ${Math.round(run.requestsPerSecond)} req/s`);
      }
    }
    return report({ targets, label: database.label, titles: await countTitles(database.handle), options });
  } finally {
    await app?.close();
    await database.close();
  }
}

/** One request before loading: a target that fails or finds nothing would measure an error page. */
async function checkTarget(url: string): Promise<number> {
  const response = await fetch(url);
  const body = await response.text();
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${body.slice(0, 200)}`);
  const json = JSON.parse(body) as { movies?: unknown[]; series?: unknown[] };
  if (json.movies && json.series && json.movies.length + json.series.length === 0) throw new Error(`${url} found nothing`);
  return Buffer.byteLength(body);
}

function report(input: { targets: Target[]; label: string; titles: number; options: ThroughputOptions }) {
  const [baseline] = input.targets;
  const rows = input.targets.map((target) => {
    // Each round's ratio is taken against the baseline of the same round, then the median of those.
    const ratios = target.runs.map((run, i) => run.requestsPerSecond / baseline!.runs[i]!.requestsPerSecond);
    return {
      name: target.name,
      path: target.path,
      responseBytes: target.bytes ?? 0,
      requestsPerSecond: target.runs.map((r) => round(r.requestsPerSecond, 0)),
      medianRequestsPerSecond: round(median(target.runs.map((r) => r.requestsPerSecond)), 0),
      medianLatencyP50Ms: median(target.runs.map((r) => r.latencyP50Ms)),
      medianLatencyP99Ms: median(target.runs.map((r) => r.latencyP99Ms)),
      ratioToStatic: round(median(ratios), 3),
    };
  });
  const { options } = input;
  printTable({
    title: `Throughput: ${input.label}, ${input.titles} titles, ${DEFAULT_HOME.categories}×${DEFAULT_HOME.rowsPerCategory}×${DEFAULT_HOME.itemsPerRow} home, ` +
      `${options.connections} connections, ${options.rounds} × ${options.durationSeconds} s (medians)`,
    header: ['endpoint', 'bytes', 'req/s', 'p50 ms', 'p99 ms', '÷ static'],
    rows: rows.map((r) => [r.name, r.responseBytes, r.medianRequestsPerSecond, r.medianLatencyP50Ms, r.medianLatencyP99Ms, formatRatio(r.ratioToStatic)]),
  });
  const summary = rows.slice(1).map((r) => `throughput ${r.name} / static: ${formatRatio(r.ratioToStatic)}`);
  return { database: input.label, titles: input.titles, home: DEFAULT_HOME, options, endpoints: rows, summary };
}
