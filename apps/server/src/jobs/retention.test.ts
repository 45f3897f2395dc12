import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, loginNonces, rateLimitCounters, rateLimitLogs, sessions, users, webhookEvents } from '../db/schema';
import { createTestContext, type TestContext } from '../../test/test-app';
import { jobHandlers } from '../workers';
import { recordingLog, waitFor } from './jobs.test-support';
import type { Config } from '../config';
import { enqueue, type Job } from './queue';
import { pruneExpiredRows, RETENTION, RETENTION_JOB, retentionPolicy } from './retention.job';
import { startWorker, type JobContext } from './worker';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const DAY = 24 * 60 * 60_000;
/** A timestamp `ms` before the database's now (negative: after). */
const before = (ms: number) => sql`now() - make_interval(secs => ${ms / 1000})`;

/** One row of every kind the retention job prunes, old enough to go, and one of each that must stay. */
async function rowsOfEveryKind() {
  const [user] = await ctx.db.insert(users).values({ issuer: 'https://issuer.test', subject: randomUUID(), email: 'r@example.com', name: 'R' }).returning();
  const session = (name: string, values: { expiresAt: ReturnType<typeof before>; revokedAt?: ReturnType<typeof before> }) =>
    ctx.db.insert(sessions).values({ userId: user!.id, tokenHash: `${name}-${randomUUID()}`, ...values }).returning();
  const [expiredLongAgo] = await session('expired', { expiresAt: before(8 * DAY) });
  const [signedOutLongAgo] = await session('revoked', { expiresAt: before(-30 * DAY), revokedAt: before(8 * DAY) });
  const [expiredYesterday] = await session('recent', { expiresAt: before(DAY) });
  const [active] = await session('active', { expiresAt: before(-30 * DAY) });

  const nonce = (hash: string, age: number) => ctx.db.insert(loginNonces).values({ nonceHash: `${hash}-${randomUUID()}`, expiresAt: before(age) });
  await nonce('old', 2 * DAY);
  await nonce('live', -600_000);

  const window = (key: string, age: number) => ctx.db.insert(rateLimitCounters).values({ key: `${key}-${randomUUID()}`, windowStart: before(age), hits: 3 });
  await window('old', 2 * DAY);
  await window('current', 60_000);
  // A log goes once its last hit is older than the policy's age, whatever its first hit.
  const log = (key: string, ages: number[]) =>
    ctx.db.insert(rateLimitLogs).values({ key: `${key}-${randomUUID()}`, hits: sql`array[${sql.join(ages.map(before), sql`, `)}]`, lastAt: before(Math.min(...ages)), admitted: true });
  await log('old', [3 * DAY, 2 * DAY]);
  await log('recent', [2 * DAY, 60_000]);

  const type = `test.retention.${randomUUID().slice(0, 8)}`;
  const job = (status: 'queued' | 'running' | 'succeeded' | 'failed', age: number) =>
    ctx.db.insert(jobs).values({ type, payload: { status, age }, status, finishedAt: status === 'succeeded' || status === 'failed' ? before(age) : null, updatedAt: before(age) });
  await job('succeeded', 8 * DAY);
  await job('succeeded', DAY);
  await job('failed', 8 * DAY);
  await job('failed', 31 * DAY);
  await job('queued', 60 * DAY);
  await job('running', 60 * DAY);

  const webhook = (name: string, processedAge: number | null) =>
    ctx.db.insert(webhookEvents).values({ eventId: `${name}-${randomUUID()}`, eventType: 'PAYMENT.CAPTURE.COMPLETED', receivedAt: before(40 * DAY), processedAt: processedAge === null ? null : before(processedAge) });
  await webhook('processed-old', 31 * DAY);
  await webhook('processed-recent', DAY);
  await webhook('unprocessed', null);

  return { type, kept: { expiredYesterday: expiredYesterday!.id, active: active!.id }, gone: { expiredLongAgo: expiredLongAgo!.id, signedOutLongAgo: signedOutLongAgo!.id } };
}

async function remaining(type: string) {
  const sessionIds = (await ctx.db.select({ id: sessions.id }).from(sessions)).map((s) => s.id);
  const nonces = (await ctx.db.select().from(loginNonces)).map((n) => n.nonceHash.split('-')[0]);
  const windows = (await ctx.db.select().from(rateLimitCounters)).map((w) => w.key.split('-')[0]);
  const logs = (await ctx.db.select().from(rateLimitLogs)).map((l) => l.key.split('-')[0]);
  const jobRows = (await ctx.db.select().from(jobs).where(eq(jobs.type, type))).map((j) => `${j.status}:${(j.payload as { age: number }).age / DAY}d`);
  const webhooks = (await ctx.db.select().from(webhookEvents)).map((w) => w.eventId.replace(/-[0-9a-f-]{36}$/, ''));
  return { sessionIds, nonces, windows, logs, jobs: jobRows.sort(), webhooks: webhooks.sort() };
}

describe('retention', () => {
  it('deletes what nothing needs any more and keeps the rest', async () => {
    const { type, kept, gone } = await rowsOfEveryKind();
    expect(await pruneExpiredRows(ctx.db, RETENTION)).toEqual({ sessions: 2, loginNonces: 1, rateLimitLogs: 1, rateLimitWindows: 1, succeededJobs: 1, failedJobs: 1, cancelledJobs: 0, webhookEvents: 1 });

    const left = await remaining(type);
    expect(left.sessionIds).toEqual(expect.arrayContaining([kept.active, kept.expiredYesterday]));
    expect(left.sessionIds).not.toContain(gone.expiredLongAgo);
    expect(left.sessionIds).not.toContain(gone.signedOutLongAgo);
    expect(left.nonces).toEqual(['live']);
    expect(left.windows).toEqual(['current']);
    expect(left.logs).toEqual(['recent']);
    // Failed jobs keep their error for a month; queued and running ones are never touched.
    expect(left.jobs).toEqual(['failed:8d', 'queued:60d', 'running:60d', 'succeeded:1d']);
    expect(left.webhooks).toEqual(['processed-recent', 'unprocessed']);

    // Nothing more to do on a second pass.
    expect(Object.values(await pruneExpiredRows(ctx.db, RETENTION)).every((n) => n === 0)).toBe(true);
    await ctx.db.delete(sessions);
    await ctx.db.delete(loginNonces);
    await ctx.db.delete(rateLimitCounters);
    await ctx.db.delete(rateLimitLogs);
    await ctx.db.delete(webhookEvents);
  });

  it('keeps rate-limit windows at least twice the longest configured window', () => {
    expect(retentionPolicy(15 * 60_000).rateLimitWindowsMs).toBe(DAY);
    expect(retentionPolicy(2 * DAY).rateLimitWindowsMs).toBe(4 * DAY);
  });

  it("keeps a log while a hit in it may count under the site's longest limit, the public writes' included", async () => {
    const key = `week-${randomUUID()}`;
    await ctx.db.insert(rateLimitLogs).values({ key, hits: sql`array[${before(2 * DAY)}]`, lastAt: before(2 * DAY), admitted: true });
    // The handler as every worker registers it, for a site's configuration.
    const run = (config: Config) => jobHandlers({ config, db: ctx.db })[RETENTION_JOB]!({} as Job, { log: recordingLog() } as unknown as JobContext);
    await run({ ...ctx.config, publicWriteLimit: { limit: 100, windowSeconds: 7 * 24 * 3600 } });
    expect(await ctx.db.select().from(rateLimitLogs).where(eq(rateLimitLogs.key, key))).toHaveLength(1);
    await run(ctx.config);
    expect(await ctx.db.select().from(rateLimitLogs).where(eq(rateLimitLogs.key, key))).toHaveLength(0);
  });

  it('runs as the hourly job every worker handles, and queues its next run', async () => {
    await rowsOfEveryKind();
    const log = recordingLog();
    const worker = startWorker({ db: ctx.db, handlers: { [RETENTION_JOB]: jobHandlers({ config: ctx.config, db: ctx.db })[RETENTION_JOB]! }, log, pollIntervalMs: 20 });
    try {
      const id = await enqueue(ctx.db, { type: RETENTION_JOB, payload: {} });
      await waitFor(async () => (await ctx.db.select().from(jobs).where(eq(jobs.id, id)))[0]?.status === 'succeeded', { what: 'the retention run', timeoutMs: 20_000 });
    } finally {
      await worker.stop();
    }
    expect(log.entries.find((e) => e.message === 'expired rows pruned')?.fields).toMatchObject({ sessions: 2, loginNonces: 1, webhookEvents: 1 });
    const next = await ctx.db.select().from(jobs).where(sql`${jobs.type} = ${RETENTION_JOB} and ${jobs.status} = 'queued'`);
    expect(next).toHaveLength(1);
    expect(next[0]!.runAt.getTime() % (60 * 60_000)).toBe(0);
    expect(next[0]!.runAt.getTime()).toBeGreaterThan(Date.now());
  });
});
