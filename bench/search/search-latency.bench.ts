import type { FastifyInstance } from 'fastify';
import { buildApp } from '@marquee/server/src/app';
import { openBenchDatabase } from '../lib/bench-database';
import { printTable } from '../lib/report';
import { formatRatio, percentile, round } from '../lib/stats';
import { countTitles, growCatalogue, seedCatalogue } from '../seed/catalogue.seed';
import { explainSearch, type SearchPlan } from './explain-search';

export interface SearchLatencyOptions {
  /** Catalogue sizes, smallest first: the first is the baseline of every ratio. */
  sizes: [number, number];
  /** Sequential requests per query and size, unless the time budget runs out first. */
  requests: number;
  /** Never fewer than this, whatever the budget: fewer samples make a p95 meaningless. */
  minRequests: number;
  /** Seconds of measuring per catalogue size, all queries together, so `npm run bench` stays near 5 minutes. */
  budgetSeconds: number;
  warmup: number;
  /** Print each query's EXPLAIN ANALYZE at the largest size (a short verdict is always printed). */
  printPlans: boolean;
}

export const DEFAULT_SEARCH_LATENCY: SearchLatencyOptions = {
  sizes: [1_000, 100_000],
  requests: 200,
  minRequests: 50,
  budgetSeconds: 60,
  warmup: 10,
  printPlans: false,
};

/** What each query exercises in search.repository.ts. */
export const SEARCH_QUERIES = [
  { kind: 'prefix', term: 'stra' },
  { kind: 'multi-word', term: 'stranger things' },
  { kind: 'typo', term: 'strnger thngs' },
  { kind: 'common words', term: 'quiet harbour' },
  { kind: 'cast name', term: 'mara holt' },
] as const;

interface Measurement {
  term: string;
  kind: string;
  results: number;
  samples: number;
  p50Ms: number;
  p95Ms: number;
}

/**
 * Sequential search latency (one request at a time, through app.inject) at a small and a large
 * catalogue in the same database and process; the large/small ratio says how search scales.
 */
export async function runSearchLatencyBenchmark(options: SearchLatencyOptions) {
  const database = await openBenchDatabase();
  let app: FastifyInstance | undefined;
  try {
    const [small, large] = options.sizes;
    console.log(`\n[search] ${database.label}: seeding ${small} titles...`);
    await seedCatalogue({ handle: database.handle, titles: small });
    const smallCount = await countTitles(database.handle);
    app = await buildApp({ config: database.config, db: database.handle.db });
    await app.ready();
    const atSmall = await measureQueries(app, options);

    console.log(`[search] growing to ${large} titles...`);
    const started = performance.now();
    await growCatalogue({ handle: database.handle, titles: large });
    const seedSeconds = round((performance.now() - started) / 1000, 1);
    console.log(`[search] ${large - small} titles inserted and analysed in ${seedSeconds} s`);
    const atLarge = await measureQueries(app, options);
    const plans = await explainSearch({ handle: database.handle, terms: SEARCH_QUERIES.map((q) => q.term) });

    return report({ label: database.label, sizes: [smallCount, await countTitles(database.handle)], atSmall, atLarge, plans, options, seedSeconds });
  } finally {
    await app?.close();
    await database.close();
  }
}

/** Round-robin over the queries, so a noisy moment on a shared machine spreads over all of them. */
async function measureQueries(app: FastifyInstance, options: SearchLatencyOptions): Promise<Measurement[]> {
  const timings = SEARCH_QUERIES.map(() => [] as number[]);
  const results = SEARCH_QUERIES.map(() => 0);
  const started = performance.now();
  for (let i = 0; i < options.warmup + options.requests; i += 1) {
    const overBudget = performance.now() - started > options.budgetSeconds * 1000;
    if (overBudget && i >= options.warmup + options.minRequests) break;
    for (const [q, query] of SEARCH_QUERIES.entries()) {
      const started = performance.now();
      const response = await app.inject({ method: 'GET', url: `/search/${encodeURIComponent(query.term)}` });
      const elapsed = performance.now() - started;
      if (response.statusCode !== 200) throw new Error(`search '${query.term}' answered ${response.statusCode}: ${response.body}`);
      if (i === 0) {
        const body = response.json() as { movies: unknown[]; series: unknown[] };
        results[q] = body.movies.length + body.series.length;
      }
      if (i >= options.warmup) timings[q]!.push(elapsed);
    }
  }
  return SEARCH_QUERIES.map((query, q) => ({
    term: query.term,
    kind: query.kind,
    results: results[q]!,
    samples: timings[q]!.length,
    p50Ms: round(percentile(timings[q]!, 50)),
    p95Ms: round(percentile(timings[q]!, 95)),
  }));
}

function report(input: {
  label: string;
  sizes: [number, number];
  atSmall: Measurement[];
  atLarge: Measurement[];
  plans: SearchPlan[];
  options: SearchLatencyOptions;
  seedSeconds: number;
}) {
  const [small, large] = input.sizes.map(formatSize);
  const queries = input.atSmall.map((s, i) => {
    const l = input.atLarge[i]!;
    const plan = input.plans.find((p) => p.term === s.term);
    return {
      term: s.term,
      kind: s.kind,
      results: { [small!]: s.results, [large!]: l.results },
      samples: { [small!]: s.samples, [large!]: l.samples },
      p50Ms: { [small!]: s.p50Ms, [large!]: l.p50Ms },
      p95Ms: { [small!]: s.p95Ms, [large!]: l.p95Ms },
      ratioP50: round(l.p50Ms / s.p50Ms, 2),
      ratioP95: round(l.p95Ms / s.p95Ms, 2),
      planAtLarge: plan ? { sqlMs: plan.sqlMs, seqScanOnTitles: plan.seqScanOnTitles, scans: plan.scans } : undefined,
    };
  });
  printTable({
    title: `Search latency: ${input.label}, sequential requests (n per size), ms`,
    header: ['query', 'kind', 'n', `hits ${small}`, `hits ${large}`, `p50 ${small}`, `p50 ${large}`, `p95 ${small}`, `p95 ${large}`, `p50 ${large}/${small}`, `p95 ${large}/${small}`, `SQL ms ${large}`],
    rows: queries.map((q) => [
      `'${q.term}'`, q.kind, `${q.samples[small!]}/${q.samples[large!]}`, q.results[small!]!, q.results[large!]!, q.p50Ms[small!]!, q.p50Ms[large!]!, q.p95Ms[small!]!, q.p95Ms[large!]!,
      formatRatio(q.ratioP50), formatRatio(q.ratioP95), q.planAtLarge?.sqlMs ?? '-',
    ]),
  });
  for (const plan of input.plans) {
    const verdict = plan.seqScanOnTitles ? 'SEQUENTIAL SCAN on titles' : 'index scans only';
    console.log(`  plan '${plan.term}' at ${large}: ${verdict} (${plan.scans.join(', ')})`);
    if (input.options.printPlans) console.log(plan.text.replace(/^/gm, '    '));
  }
  const summary = queries.flatMap((q) => [
    `search p50 ${large}/${small} '${q.term}': ${formatRatio(q.ratioP50)}`,
    `search p95 ${large}/${small} '${q.term}': ${formatRatio(q.ratioP95)}`,
  ]);
  return { database: input.label, sizes: input.sizes, bulkInsertSeconds: input.seedSeconds, options: input.options, queries, plans: input.plans, summary };
}

function formatSize(n: number): string {
  return n >= 1000 ? `${round(n / 1000, 1)}k` : String(n);
}
