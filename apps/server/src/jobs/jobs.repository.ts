import { and, desc, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { jobs } from '../db/schema';

export type JobRow = typeof jobs.$inferSelect;
export type JobStatus = JobRow['status'];

/** `delay = min(maxMs, baseMs * factor^(attempts - 1))`, computed by the database from the row. */
export interface Backoff {
  baseMs: number;
  factor: number;
  maxMs: number;
}

// Every time comes from the database clock (now()), never from the worker's: leases and run_at
// compare correctly however far apart the clocks of the machines running workers are.

export async function insertJob(db: Executor, values: typeof jobs.$inferInsert): Promise<string> {
  const [row] = await db.insert(jobs).values(values).returning({ id: jobs.id });
  return row!.id;
}

/**
 * Takes a transaction-scoped advisory lock on a dedupe key: enqueuers of the same key queue up
 * here until the holder commits, so the look-up that follows sees the holder's job.
 */
export async function lockDedupeKey(tx: Executor, dedupeKey: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('marquee.jobs.dedupe'), hashtext(${dedupeKey}))`);
}

export async function findPendingByDedupeKey(db: Executor, dedupeKey: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.dedupeKey, dedupeKey), pending))
    .orderBy(jobs.createdAt)
    .limit(1);
  return row?.id;
}

/**
 * Claims the next runnable job in one statement. The scalar subquery runs once (an InitPlan), so
 * LIMIT 1 holds; SKIP LOCKED makes concurrent claimers pass over a row another transaction is
 * claiming instead of waiting for it and then taking it too.
 */
export async function claimJob(db: Executor, input: { owner: string; types: string[]; leaseMs: number }) {
  const next = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(inArray(jobs.type, input.types), runnable))
    .orderBy(jobs.runAt, jobs.createdAt)
    .limit(1)
    .for('update', { skipLocked: true });
  const [row] = await db
    .update(jobs)
    .set({
      status: 'running',
      lockedBy: input.owner,
      lockedUntil: after(input.leaseMs),
      attempts: sql`${jobs.attempts} + 1`,
      // Progress belongs to the attempt: a retry starts again from 0.
      progress: 0,
      updatedAt: sql`now()`,
    })
    .where(sql`${jobs.id} = (${next})`)
    .returning();
  return row;
}

/** Extends the lease (and stores progress) if `owner` still holds the job; false otherwise. */
export async function extendLease(db: Executor, input: { id: string; owner: string; leaseMs: number; progress?: number }) {
  const rows = await db
    .update(jobs)
    .set({
      lockedUntil: after(input.leaseMs),
      ...(input.progress === undefined ? {} : { progress: input.progress }),
      updatedAt: sql`now()`,
    })
    .where(heldBy(input))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

export async function markSucceeded(db: Executor, input: { id: string; owner: string }) {
  const [row] = await db
    .update(jobs)
    .set({ ...unlocked, status: 'succeeded', progress: 100, finishedAt: sql`now()` })
    .where(heldBy(input))
    .returning();
  return row;
}

/** Queues the job again after its backoff delay, or fails it for good once attempts are used up. */
export async function markAttemptFailed(db: Executor, input: { id: string; owner: string; error: string; backoff: Backoff }) {
  const { baseMs, factor, maxMs } = input.backoff;
  const exhausted = sql`${jobs.attempts} >= ${jobs.maxAttempts}`;
  const delayMs = sql`least(${maxMs}::float8, ${baseMs}::float8 * power(${factor}::float8, greatest(${jobs.attempts} - 1, 0)))`;
  const [row] = await db
    .update(jobs)
    .set({
      ...unlocked,
      status: sql`case when ${exhausted} then 'failed'::job_status else 'queued'::job_status end`,
      lastError: input.error,
      runAt: sql`case when ${exhausted} then ${jobs.runAt} else now() + ${delayMs} * interval '1 millisecond' end`,
      finishedAt: sql`case when ${exhausted} then now() end`,
    })
    .where(heldBy(input))
    .returning();
  return row;
}

/** Gives a claimed job back untouched: the attempt is not counted (see worker.ts, stop()). */
export async function releaseJob(db: Executor, input: { id: string; owner: string }) {
  const [row] = await db
    .update(jobs)
    .set({ ...unlocked, status: 'queued', attempts: sql`greatest(${jobs.attempts} - 1, 0)` })
    .where(heldBy(input))
    .returning();
  return row;
}

/**
 * Fails jobs whose worker vanished during their last allowed attempt: claimJob no longer takes
 * them (each claim counts an attempt, so a job that kills its worker cannot loop forever).
 */
export async function failAbandoned(db: Executor, types: string[]): Promise<number> {
  const abandoned = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(inArray(jobs.type, types), eq(jobs.status, 'running'), lt(jobs.lockedUntil, sql`now()`), sql`${jobs.attempts} >= ${jobs.maxAttempts}`))
    .for('update', { skipLocked: true });
  const rows = await db
    .update(jobs)
    .set({ ...unlocked, status: 'failed', lastError: 'Lease expired during the last attempt (the worker stopped or stalled)', finishedAt: sql`now()` })
    .where(inArray(jobs.id, abandoned))
    .returning({ id: jobs.id });
  return rows.length;
}

export async function findJob(db: Executor, id: string) {
  const [row] = await db.select().from(jobs).where(eq(jobs.id, id));
  return row;
}

/**
 * Cancels a queued or running job. Clearing the lease is what stops a running one: its worker's
 * next heartbeat, complete() and fail() match no row (heldBy), so it aborts and records nothing.
 */
export async function markCancelled(db: Executor, input: { id: string; includeRunning: boolean }) {
  const [row] = await db
    .update(jobs)
    .set({ ...unlocked, status: 'cancelled', finishedAt: sql`now()` })
    .where(and(eq(jobs.id, input.id), input.includeRunning ? pending : eq(jobs.status, 'queued')))
    .returning();
  return row;
}

/** Queues a job that failed for good again now, its attempts counted afresh. */
export async function requeueFailed(db: Executor, id: string) {
  const [row] = await db
    .update(jobs)
    .set({ ...unlocked, status: 'queued', attempts: 0, progress: 0, runAt: sql`now()`, finishedAt: null })
    .where(and(eq(jobs.id, id), eq(jobs.status, 'failed')))
    .returning();
  return row;
}

export interface JobPageFilter {
  status?: JobStatus;
  type?: string;
  limit: number;
  offset: number;
}

/** One page of jobs, newest first, and how many match in all. */
export async function listJobPage(db: Executor, filter: JobPageFilter) {
  const where = and(...[filter.status && eq(jobs.status, filter.status), filter.type && eq(jobs.type, filter.type)].filter((c): c is SQL => Boolean(c)));
  const rows = await db.select().from(jobs).where(where).orderBy(desc(jobs.createdAt), desc(jobs.id)).limit(filter.limit).offset(filter.offset);
  const [counted] = await db.select({ total: sql<number>`count(*)::int` }).from(jobs).where(where);
  return { rows, total: counted?.total ?? 0 };
}

/** The kinds of job the table holds, for the console's filter. */
export async function jobTypes(db: Executor): Promise<string[]> {
  const rows = await db.select({ type: jobs.type }).from(jobs).groupBy(jobs.type).orderBy(jobs.type);
  return rows.map((r) => r.type);
}

/** The newest job of a de-duplication key, whatever its state. */
export async function latestByDedupeKey(db: Executor, dedupeKey: string) {
  const [row] = await db.select().from(jobs).where(eq(jobs.dedupeKey, dedupeKey)).orderBy(desc(jobs.createdAt)).limit(1);
  return row;
}

export function listJobRows(db: Executor, filter: { status?: JobStatus; type?: string; limit: number }) {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(jobs.status, filter.status));
  if (filter.type) conditions.push(eq(jobs.type, filter.type));
  return db
    .select()
    .from(jobs)
    .where(and(...conditions))
    .orderBy(desc(jobs.createdAt), desc(jobs.id))
    .limit(filter.limit);
}

const pending = inArray(jobs.status, ['queued', 'running']);

const runnable = sql`(
  (${jobs.status} = 'queued' and ${jobs.runAt} <= now())
  or (${jobs.status} = 'running' and ${jobs.lockedUntil} < now() and ${jobs.attempts} < ${jobs.maxAttempts})
)`;

const unlocked = { lockedBy: null, lockedUntil: null, updatedAt: sql`now()` };

function after(ms: number) {
  return sql`now() + ${ms}::float8 * interval '1 millisecond'`;
}

// The owner check is the whole lease protocol: a job claimed again after its lease expired has a
// new owner, so the old one's heartbeat, complete and fail all find no row.
function heldBy(input: { id: string; owner: string }) {
  return and(eq(jobs.id, input.id), eq(jobs.lockedBy, input.owner), eq(jobs.status, 'running'));
}
