import type { Executor } from '../db/client';
import { queueNextRun } from './recurring';
import * as repo from './retention.repository';
import type { JobContext } from './worker';

export const RETENTION_JOB = 'maintenance.retention';

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * How long rows that are no longer needed are kept before the hourly job deletes them. The margins
 * leave time to look into a problem (a failed job, a disputed sign-in) before the evidence goes.
 * docs/operations.md lists them for operators.
 */
export const RETENTION = {
  /** After a session expired or was signed out. */
  endedSessionsMs: 7 * DAY_MS,
  /** After a login nonce expired (nonces live minutes). */
  expiredNoncesMs: DAY_MS,
  /** After a rate-limit key's last hit; at least twice the longest window (retentionPolicy). */
  rateLimitWindowsMs: DAY_MS,
  /** After a job succeeded. */
  succeededJobsMs: 7 * DAY_MS,
  /** After a job failed for good (its error stays readable for a month). */
  failedJobsMs: 30 * DAY_MS,
  /** After a webhook delivery was processed (PayPal redelivers for 3 days). */
  processedWebhooksMs: 30 * DAY_MS,
};

export type RetentionPolicy = typeof RETENTION;

/** Queues the next hourly run; every server process calls it at start-up and the slot key makes them agree. */
export function queueRetention(db: Executor, now?: Date): Promise<void> {
  return queueNextRun(db, { type: RETENTION_JOB, intervalMs: HOUR_MS, now });
}

/** The hourly job: schedules the next run first, so a failed run never ends the schedule. */
export function retentionHandler(deps: { db: Executor; policy: RetentionPolicy }) {
  return async (_job: unknown, ctx: Pick<JobContext, 'log'>): Promise<void> => {
    await queueRetention(deps.db);
    const pruned = await pruneExpiredRows(deps.db, deps.policy);
    if (Object.values(pruned).some((n) => n > 0)) ctx.log.info(pruned, 'expired rows pruned');
  };
}

/** Deletes what the policy no longer keeps; returns how many rows of each kind went. */
export async function pruneExpiredRows(db: Executor, policy: RetentionPolicy) {
  return {
    sessions: await repo.deleteEndedSessions(db, policy.endedSessionsMs),
    loginNonces: await repo.deleteExpiredNonces(db, policy.expiredNoncesMs),
    rateLimitLogs: await repo.deleteOldRateLimitLogs(db, policy.rateLimitWindowsMs),
    rateLimitWindows: await repo.deleteOldRateLimitWindows(db, policy.rateLimitWindowsMs),
    succeededJobs: await repo.deleteFinishedJobs(db, policy.succeededJobsMs, 'succeeded'),
    failedJobs: await repo.deleteFinishedJobs(db, policy.failedJobsMs, 'failed'),
    // Kept as long as failures: an operator may still want to see what was stopped and why.
    cancelledJobs: await repo.deleteFinishedJobs(db, policy.failedJobsMs, 'cancelled'),
    webhookEvents: await repo.deleteProcessedWebhookEvents(db, policy.processedWebhooksMs),
  };
}

/** The policy for a site whose longest rate-limit window is `longestWindowMs`. */
export function retentionPolicy(longestWindowMs: number): RetentionPolicy {
  return { ...RETENTION, rateLimitWindowsMs: Math.max(RETENTION.rateLimitWindowsMs, 2 * longestWindowMs) };
}
