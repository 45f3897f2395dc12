import { and, isNotNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { jobs, loginNonces, rateLimitCounters, rateLimitLogs, sessions, webhookEvents } from '../db/schema';

// The deletes of the retention job. Ages are measured on the database's clock (now()), so every
// node prunes alike however far apart the machines' clocks are. Each returns how many rows went.

const ago = (ms: number): SQL => sql`now() - make_interval(secs => ${ms / 1000})`;
const one = { n: sql<number>`1` };

/** Sessions that ended (expired or signed out) more than `ageMs` ago: they can never be used again. */
export async function deleteEndedSessions(db: Executor, ageMs: number): Promise<number> {
  const cutoff = ago(ageMs);
  const rows = await db
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, cutoff), and(isNotNull(sessions.revokedAt), lt(sessions.revokedAt, cutoff))))
    .returning(one);
  return rows.length;
}

/** Login nonces that expired more than `ageMs` ago, used or not: a token carrying one is refused anyway. */
export async function deleteExpiredNonces(db: Executor, ageMs: number): Promise<number> {
  return (await db.delete(loginNonces).where(lt(loginNonces.expiresAt, ago(ageMs))).returning(one)).length;
}

/** Rate-limit logs whose last hit is more than `ageMs` old (pass more than the longest window: none of their hits counts). */
export async function deleteOldRateLimitLogs(db: Executor, ageMs: number): Promise<number> {
  return (await db.delete(rateLimitLogs).where(lt(rateLimitLogs.lastAt, ago(ageMs))).returning(one)).length;
}

/** The fixed windows of earlier releases that started more than `ageMs` ago (the table empties once no such server runs). */
export async function deleteOldRateLimitWindows(db: Executor, ageMs: number): Promise<number> {
  return (await db.delete(rateLimitCounters).where(lt(rateLimitCounters.windowStart, ago(ageMs))).returning(one)).length;
}

/** Jobs that ended (succeeded, failed for good, cancelled) more than `ageMs` ago; queued and running ones stay. */
export async function deleteFinishedJobs(db: Executor, ageMs: number, status: 'succeeded' | 'failed' | 'cancelled'): Promise<number> {
  const rows = await db
    .delete(jobs)
    .where(and(sql`${jobs.status} = ${status}`, lt(sql`coalesce(${jobs.finishedAt}, ${jobs.updatedAt})`, ago(ageMs))))
    .returning(one);
  return rows.length;
}

/** Webhook deliveries processed more than `ageMs` ago; unprocessed ones stay for the redelivery. */
export async function deleteProcessedWebhookEvents(db: Executor, ageMs: number): Promise<number> {
  const rows = await db
    .delete(webhookEvents)
    .where(and(isNotNull(webhookEvents.processedAt), lt(webhookEvents.processedAt, ago(ageMs))))
    .returning(one);
  return rows.length;
}
