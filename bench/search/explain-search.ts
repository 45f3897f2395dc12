import { drizzle } from 'drizzle-orm/node-postgres';
import type { DatabaseHandle } from '@marquee/server/src/db/client';
import * as schema from '@marquee/server/src/db/schema';
import { searchTitles } from '@marquee/server/src/modules/search/search.repository';
import { normalizeForSearch } from '@marquee/server/src/lib/search-normalize';
import { median, round } from '../lib/stats';

const SQL_RUNS = 5;

export interface SearchPlan {
  term: string;
  /** Median time of the bare statement on the pool (no EXPLAIN, whose clock reads cost a lot on PGlite). */
  sqlMs: number;
  /** True when PostgreSQL reads the whole titles table rather than an index. */
  seqScanOnTitles: boolean;
  /** Each scan node, e.g. 'Bitmap Index Scan on titles_search_name_trgm_idx'. */
  scans: string[];
  text: string;
}

/**
 * EXPLAIN ANALYZE of the search statement exactly as the server sends it (the repository runs
 * once on a connection that records its SQL and parameters), and its bare time on the pool.
 */
export async function explainSearch({ handle, terms }: { handle: DatabaseHandle; terms: string[] }): Promise<SearchPlan[]> {
  const plans: SearchPlan[] = [];
  for (const term of terms) {
    const statement = await captureStatement(handle, normalizeForSearch(term));
    const { rows } = await handle.pool.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${statement.sql}`, statement.params);
    const text = rows.map((r) => r['QUERY PLAN']).join('\n');
    const scans = [...text.matchAll(/((?:Parallel )?(?:Seq|Index|Index Only|Bitmap Index|Bitmap Heap) Scan(?: using \S+)? on \S+)/g)].map((m) => m[1]!);
    plans.push({
      term,
      sqlMs: await timeStatement(handle, statement),
      seqScanOnTitles: scans.some((s) => /Seq Scan on titles\b/.test(s)),
      scans: [...new Set(scans)],
      text,
    });
  }
  return plans;
}

async function timeStatement(handle: DatabaseHandle, statement: { sql: string; params: unknown[] }): Promise<number> {
  const timings: number[] = [];
  for (let i = 0; i < SQL_RUNS; i += 1) {
    const started = performance.now();
    await handle.pool.query(statement.sql, statement.params);
    timings.push(performance.now() - started);
  }
  return round(median(timings));
}

async function captureStatement(handle: DatabaseHandle, term: string): Promise<{ sql: string; params: unknown[] }> {
  let captured: { sql: string; params: unknown[] } | undefined;
  const recording = drizzle(handle.pool, {
    schema,
    logger: { logQuery: (sql, params) => (captured = { sql, params }) },
  });
  // Same limit as search.service.ts (RESULTS_PER_KIND), which does not export it.
  await searchTitles(recording, { term, limit: 20, maxAge: null });
  if (!captured) throw new Error('The search repository ran no SQL');
  return captured;
}
