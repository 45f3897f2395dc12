import type { Executor } from '../db/client';
import * as repo from './jobs.repository';
import type { Backoff, JobRow, JobStatus } from './jobs.repository';

export type Job = JobRow;
export type { Backoff, JobStatus };

/** 5 s, 30 s, 3 min, 18 min, then hourly: rides out a restart or a short outage of a dependency. */
export const defaultBackoff: Backoff = { baseMs: 5_000, factor: 6, maxMs: 60 * 60_000 };

export interface EnqueueOptions {
  type: string;
  payload: Record<string, unknown>;
  /**
   * While a job with this key is queued or running, enqueueing it again returns that job's id.
   * Keys are global, so include the type: `transcode:${assetId}`.
   */
  dedupeKey?: string;
  /** Claims allowed, the first included (the table's default is 5). */
  maxAttempts?: number;
  runAt?: Date;
}

/** Queues a job and returns its id (or the id of the pending job with the same dedupeKey). */
export async function enqueue(db: Executor, options: EnqueueOptions): Promise<string> {
  const { dedupeKey, ...values } = options;
  if (values.maxAttempts !== undefined && !(Number.isInteger(values.maxAttempts) && values.maxAttempts >= 1)) {
    throw new RangeError(`maxAttempts must be a positive integer, got ${values.maxAttempts}`);
  }
  const id = dedupeKey === undefined ? await repo.insertJob(db, values) : await enqueueOnce(db, { ...values, dedupeKey });
  notifyWorkers();
  return id;
}

/** Claims the next runnable job of one of `types` for `leaseMs`, or returns null. */
export async function claimNext(db: Executor, options: { workerId: string; types: string[]; leaseMs: number }): Promise<Job | null> {
  if (options.types.length === 0) return null;
  return (await repo.claimJob(db, { owner: options.workerId, types: options.types, leaseMs: positive(options.leaseMs) })) ?? null;
}

/** Renews the lease and records progress; false means the worker lost the job and must stop. */
export async function heartbeat(
  db: Executor,
  options: { jobId: string; workerId: string; leaseMs: number; progress?: number },
): Promise<boolean> {
  return repo.extendLease(db, {
    id: options.jobId,
    owner: options.workerId,
    leaseMs: positive(options.leaseMs),
    ...(options.progress === undefined ? {} : { progress: clampProgress(options.progress) }),
  });
}

/** Marks the job succeeded; null if this worker no longer held it. */
export async function complete(db: Executor, options: { jobId: string; workerId: string }): Promise<Job | null> {
  return (await repo.markSucceeded(db, { id: options.jobId, owner: options.workerId })) ?? null;
}

/**
 * Ends a failed attempt: the job is queued again after a backoff delay, or `failed` once it has
 * used its attempts. Returns the job as it now is, or null if this worker no longer held it.
 */
export async function fail(
  db: Executor,
  options: { jobId: string; workerId: string; error: unknown; backoff?: Backoff },
): Promise<Job | null> {
  const row = await repo.markAttemptFailed(db, {
    id: options.jobId,
    owner: options.workerId,
    error: describeError(options.error),
    backoff: options.backoff ?? defaultBackoff,
  });
  return row ?? null;
}

/** Puts a claimed job back in the queue without counting the attempt (a worker shutting down). */
export async function release(db: Executor, options: { jobId: string; workerId: string }): Promise<Job | null> {
  return (await repo.releaseJob(db, { id: options.jobId, owner: options.workerId })) ?? null;
}

/** Fails jobs of `types` whose worker died during their last attempt; returns how many. */
export async function failAbandonedJobs(db: Executor, options: { types: string[] }): Promise<number> {
  return options.types.length === 0 ? 0 : repo.failAbandoned(db, options.types);
}

export async function getJob(db: Executor, id: string): Promise<Job | null> {
  return (await repo.findJob(db, id)) ?? null;
}

/**
 * Cancels a queued job, or a running one too with `includeRunning`; null when it is not (any
 * more) in such a state. A running job's worker loses its lease at its next heartbeat and aborts
 * its handler; a handler that commits its result through ctx.finish() then commits nothing.
 */
export async function cancel(db: Executor, input: { id: string; includeRunning: boolean }): Promise<Job | null> {
  return (await repo.markCancelled(db, input)) ?? null;
}

/** Queues a job that failed for good again now, its attempts counted afresh; null unless it failed. */
export async function requeue(db: Executor, id: string): Promise<Job | null> {
  const row = await repo.requeueFailed(db, id);
  if (row) notifyWorkers();
  return row ?? null;
}

/** One page of jobs, newest first, with the total that match. */
export function listJobPage(db: Executor, filter: repo.JobPageFilter): Promise<{ rows: Job[]; total: number }> {
  return repo.listJobPage(db, filter);
}

/** Every kind of job the queue holds. */
export function listJobTypes(db: Executor): Promise<string[]> {
  return repo.jobTypes(db);
}

/** A queued or running job with this de-duplication key, if any. */
export async function pendingJobId(db: Executor, dedupeKey: string): Promise<string | null> {
  return (await repo.findPendingByDedupeKey(db, dedupeKey)) ?? null;
}

/** The newest job with this de-duplication key, whatever its state. */
export async function latestJobWithKey(db: Executor, dedupeKey: string): Promise<Job | null> {
  return (await repo.latestByDedupeKey(db, dedupeKey)) ?? null;
}

/** Newest first. */
export async function listJobs(db: Executor, filter: { status?: JobStatus; type?: string; limit: number }): Promise<Job[]> {
  return repo.listJobRows(db, { ...filter, limit: Math.min(Math.max(1, Math.floor(filter.limit)), 500) });
}

/**
 * Wakes this process's idle workers now instead of at their next poll. enqueue() calls it; work
 * queued by another process is found by polling (LISTEN/NOTIFY would need a dedicated connection,
 * which the embedded database's single connection cannot spare).
 */
export function notifyWorkers(): void {
  for (const listener of listeners) listener();
}

/** Returns the unsubscribe function. */
export function onJobEnqueued(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const listeners = new Set<() => void>();

/**
 * Without a unique index on dedupe_key, the look-up and insert must not interleave with another
 * enqueuer of the same key: an advisory lock on the key serialises them across connections and
 * processes, and under READ COMMITTED the look-up after the lock sees the job the previous holder
 * committed. (A unique partial index on dedupe_key with ON CONFLICT would do it in one statement,
 * but it needs a migration.)
 */
function enqueueOnce(db: Executor, values: Omit<EnqueueOptions, 'dedupeKey'> & { dedupeKey: string }): Promise<string> {
  return db.transaction(async (tx) => {
    await repo.lockDedupeKey(tx, values.dedupeKey);
    return (await repo.findPendingByDedupeKey(tx, values.dedupeKey)) ?? (await repo.insertJob(tx, values));
  });
}

function clampProgress(progress: number): number {
  return Number.isFinite(progress) ? Math.min(100, Math.max(0, Math.round(progress))) : 0;
}

function positive(ms: number): number {
  if (!(ms > 0)) throw new RangeError(`leaseMs must be positive, got ${ms}`);
  return ms;
}

const maxErrorLength = 4_000;

function describeError(error: unknown): string {
  const text = error instanceof Error ? error.message || error.name : String(error);
  return text.length > maxErrorLength ? `${text.slice(0, maxErrorLength)}…` : text;
}
