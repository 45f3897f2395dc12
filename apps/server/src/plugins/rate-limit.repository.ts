import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { rateLimitCounters } from '../db/schema';

/** Counts one hit in a key's window; the window's hits so far. */
export async function countHit(db: Executor, input: { key: string; windowStart: Date }): Promise<number> {
  const [row] = await db
    .insert(rateLimitCounters)
    .values({ key: input.key, windowStart: input.windowStart, hits: 1 })
    .onConflictDoUpdate({
      target: [rateLimitCounters.key, rateLimitCounters.windowStart],
      set: { hits: sql`${rateLimitCounters.hits} + 1` },
    })
    .returning({ hits: rateLimitCounters.hits });
  return row!.hits;
}

/** Drops a key's windows that ended before `windowStart`. */
export async function clearFinishedWindows(db: Executor, input: { key: string; windowStart: Date }): Promise<void> {
  await db.execute(
    sql`delete from ${rateLimitCounters} where ${rateLimitCounters.key} = ${input.key} and ${rateLimitCounters.windowStart} < ${input.windowStart}`,
  );
}
