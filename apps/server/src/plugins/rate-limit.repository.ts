import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { rateLimitLogs } from '../db/schema';

export interface LogHit {
  key: string;
  limit: number;
  windowMs: number;
  /** ms since the epoch; null: the database's clock. */
  nowMs: number | null;
}

export interface LogHitResult {
  admitted: boolean;
  /** Admitted hits in the window ending at this call, this one included when admitted. */
  inWindow: number;
  /** Until the oldest hit that counts leaves the window; when refused, until a hit would be admitted. */
  resetMs: number;
}

/**
 * One hit against a key's sliding log, in one statement. The row lock of the upsert orders
 * concurrent hits of a key, on any number of servers; a hit's time is never before the key's last
 * (a clock read before the lock, or another node's clock, cannot reorder the log). Admitted when
 * the `limit`-th latest hit has left the window (`ms` long, ending now); the log keeps the latest
 * `limit` hits. A refused hit is not logged, so a client that keeps trying is not kept out longer.
 */
export async function logHit(db: Executor, input: LogHit): Promise<LogHitResult> {
  const { limit } = input;
  const window = sql`(${Math.round(input.windowMs)}::bigint * interval '1 millisecond')`;
  const t = sql`greatest(excluded.last_at, r.last_at)`;
  const room = sql`(cardinality(r.hits) < ${limit}::int or r.hits[cardinality(r.hits) - ${limit}::int + 1] <= ${t} - ${window})`;
  // Admitted: the oldest hit that counts; refused: the one whose leaving admits the next hit.
  const waitFrom = sql`case when r.admitted then (select min(h) from unnest(r.hits) h where h > r.last_at - ${window})
    else r.hits[greatest(1, cardinality(r.hits) - ${limit}::int + 1)] end`;
  const result = await db.execute<{ admitted: boolean; inWindow: number; resetMs: number }>(sql`
    insert into ${rateLimitLogs} as r (key, hits, last_at, admitted)
    select ${input.key}, array[clock.t], clock.t, true
      from (select coalesce('epoch'::timestamptz + ${input.nowMs}::bigint * interval '1 millisecond', clock_timestamp()) as t) clock
    on conflict (key) do update set
      last_at = ${t},
      admitted = ${room},
      hits = case when ${room} then (r.hits || ${t})[greatest(1, cardinality(r.hits) + 2 - ${limit}::int):] else r.hits end
    returning
      r.admitted as "admitted",
      (select count(*) from unnest(r.hits) h where h > r.last_at - ${window})::int as "inWindow",
      (extract(epoch from ${waitFrom} + ${window} - r.last_at) * 1000)::float8 as "resetMs"`);
  const row = result.rows[0]!;
  return { admitted: row.admitted, inWindow: Number(row.inWindow), resetMs: Math.max(0, Number(row.resetMs)) };
}
