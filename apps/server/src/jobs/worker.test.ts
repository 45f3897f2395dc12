import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { jobs } from '../db/schema';
import { createTestContext, type TestContext } from '../../test/test-app';
import { LeaseLostError } from './job-lease';
import { closeContext, gate, openAllGates, recordingLog, uniqueType, waitFor } from './jobs.test-support';
import * as queue from './queue';
import type { WorkerLog } from './worker-log';
import { startWorker, WorkerStoppingError, type RunningWorker, type WorkerOptions } from './worker';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => closeContext(ctx));

// Every test stops its workers, also when it fails.
const started: RunningWorker[] = [];
afterEach(async () => {
  openAllGates();
  await Promise.all(started.splice(0).map((w) => w.stop()));
});
// A lease long enough to survive a loaded machine's stalls; tests about leases shorten it.
const start = (options: Partial<WorkerOptions> & Pick<WorkerOptions, 'handlers'>) => {
  const worker = startWorker({ db: ctx.db, log: recordingLog(), pollIntervalMs: 50, leaseMs: 5_000, ...options });
  started.push(worker);
  return worker;
};
const statusOf = async (id: string) => (await queue.getJob(ctx.db, id))?.status;

describe('worker', () => {
  it('runs a job, records its progress and completes it', async () => {
    const type = uniqueType('progress');
    const finish = gate();
    start({
      handlers: {
        [type]: async (job, { reportProgress }) => {
          expect(job.payload).toEqual({ assetId: 'a1' });
          await reportProgress(30);
          await finish.promise;
        },
      },
    });
    const id = await queue.enqueue(ctx.db, { type, payload: { assetId: 'a1' } });
    await waitFor(async () => (await queue.getJob(ctx.db, id))?.progress === 30, { what: 'progress 30' });
    expect(await queue.getJob(ctx.db, id)).toMatchObject({ status: 'running', attempts: 1, lockedBy: expect.stringContaining('#0') });
    finish.open();
    await waitFor(async () => (await statusOf(id)) === 'succeeded', { what: 'success' });
    expect(await queue.getJob(ctx.db, id)).toMatchObject({ progress: 100, attempts: 1, lockedBy: null });
  });

  it('writes progress at most once a second, the latest value last', async () => {
    const type = uniqueType('throttle');
    const reported = gate();
    const finish = gate();
    start({
      leaseMs: 60_000,
      handlers: {
        [type]: async (_job, { reportProgress }) => {
          for (let p = 1; p <= 50; p++) await reportProgress(p);
          reported.open();
          await finish.promise;
        },
      },
    });
    ctx.queries.length = 0;
    const id = await queue.enqueue(ctx.db, { type, payload: {} });
    await reported.promise;
    await waitFor(async () => (await queue.getJob(ctx.db, id))?.progress === 50, { what: 'progress 50' });
    // The first report at once, the fiftieth a second later; the 48 between are never written.
    const progressWrites = ctx.queries.filter((q) => /^update "jobs" set "locked_until" = .*"progress"/.test(q));
    expect(progressWrites).toHaveLength(2);
    finish.open();
    await waitFor(async () => (await statusOf(id)) === 'succeeded');
  });

  it('shares work between two workers so that every job runs exactly once', async () => {
    const type = uniqueType('shared');
    // On PostgreSQL the second worker gets its own pool, as another process would.
    const other: DatabaseHandle | undefined =
      ctx.config.database.kind === 'postgres' ? await openDatabase({ ...ctx.config.database, poolSize: 3 }) : undefined;
    try {
      const runs = new Map<string, string[]>();
      // The first jobs wait until four run at once: as each worker has two slots, both are busy.
      const allSlotsBusy = gate();
      const handler = (name: string) => async (job: queue.Job) => {
        runs.set(job.id, [...(runs.get(job.id) ?? []), name]);
        if (runs.size === 4) allSlotsBusy.open();
        await allSlotsBusy.promise;
        await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 10));
      };
      const a = start({ workerId: 'a', concurrency: 2, handlers: { [type]: handler('a') } });
      const b = start({ workerId: 'b', concurrency: 2, handlers: { [type]: handler('b') }, db: other?.db ?? ctx.db });
      const ids = await Promise.all(Array.from({ length: 20 }, (_, i) => queue.enqueue(ctx.db, { type, payload: { i } })));
      await waitFor(async () => (await queue.listJobs(ctx.db, { type, status: 'succeeded', limit: 50 })).length === 20, {
        timeoutMs: 15_000,
        what: '20 jobs to succeed',
      });
      await Promise.all([a.stop(), b.stop()]);
      expect([...runs.keys()].sort()).toEqual([...ids].sort());
      expect([...runs.values()].every((names) => names.length === 1)).toBe(true);
      const byWorker = [...runs.values()].flat();
      expect(byWorker.filter((n) => n === 'a').length).toBeGreaterThan(0);
      expect(byWorker.filter((n) => n === 'b').length).toBeGreaterThan(0);
    } finally {
      await other?.close();
    }
  });

  it('resumes the job of a crashed worker once its lease has expired', async () => {
    const type = uniqueType('crash');
    const id = await queue.enqueue(ctx.db, { type, payload: {} });
    // A worker that claims and then dies: no heartbeat, no outcome.
    const claimed = await queue.claimNext(ctx.db, { workerId: 'crashed', types: [type], leaseMs: 300 });
    expect(claimed?.id).toBe(id);
    const runs: number[] = [];
    start({ workerId: 'rescuer', handlers: { [type]: async (job) => void runs.push(job.attempts) } });
    await waitFor(async () => (await statusOf(id)) === 'succeeded', { what: 'the rescued job' });
    expect(runs).toEqual([2]);
    const done = await queue.getJob(ctx.db, id);
    expect(done).toMatchObject({ attempts: 2 });
    // Not picked up before the dead worker's lease ran out.
    expect(done!.finishedAt!.getTime()).toBeGreaterThanOrEqual(claimed!.lockedUntil!.getTime());
  });

  it('retries a throwing handler with backoff until it succeeds', async () => {
    const type = uniqueType('retry');
    const log = recordingLog();
    const attempts: { attempt: number; at: number }[] = [];
    start({
      log,
      backoff: { baseMs: 150, factor: 2, maxMs: 1_000 },
      handlers: {
        [type]: async (job) => {
          attempts.push({ attempt: job.attempts, at: Date.now() });
          if (job.attempts < 3) throw new Error(`transient #${job.attempts}`);
        },
      },
    });
    const id = await queue.enqueue(ctx.db, { type, payload: {} });
    await waitFor(async () => (await statusOf(id)) === 'succeeded', { what: 'success on the third attempt' });
    expect(attempts.map((a) => a.attempt)).toEqual([1, 2, 3]);
    // 150 ms then 300 ms (a little slack for the two clocks' rounding).
    expect(attempts[1]!.at - attempts[0]!.at).toBeGreaterThanOrEqual(140);
    expect(attempts[2]!.at - attempts[1]!.at).toBeGreaterThanOrEqual(290);
    expect(await queue.getJob(ctx.db, id)).toMatchObject({ attempts: 3, lastError: 'transient #2' });
    expect(log.entries.filter((e) => e.level === 'warn' && e.message?.includes('will retry'))).toHaveLength(2);
  });

  it('fails a job for good after maxAttempts, keeping the last error', async () => {
    const type = uniqueType('permanent');
    const log = recordingLog();
    start({
      log,
      backoff: { baseMs: 20, factor: 2, maxMs: 100 },
      handlers: {
        [type]: async (job) => {
          throw new Error(`broken source #${job.attempts}`);
        },
      },
    });
    const id = await queue.enqueue(ctx.db, { type, payload: {}, maxAttempts: 3 });
    await waitFor(async () => (await statusOf(id)) === 'failed', { what: 'permanent failure' });
    expect(await queue.getJob(ctx.db, id)).toMatchObject({ attempts: 3, lastError: 'broken source #3', lockedBy: null });
    const final = log.entries.find((e) => e.level === 'error');
    expect(final).toMatchObject({ message: 'job failed for good', fields: { jobId: id, attempt: 3, workerId: expect.any(String) } });
  });

  it('does not claim job types it has no handler for', async () => {
    const [mine, foreign] = [uniqueType('mine'), uniqueType('foreign')];
    const foreignId = await queue.enqueue(ctx.db, { type: foreign, payload: {} });
    start({ handlers: { [mine]: async () => {} } });
    const mineId = await queue.enqueue(ctx.db, { type: mine, payload: {} });
    await waitFor(async () => (await statusOf(mineId)) === 'succeeded');
    expect(await queue.getJob(ctx.db, foreignId)).toMatchObject({ status: 'queued', attempts: 0 });
  });
});

describe('worker lifecycle', () => {
  it('aborts the handler when its lease is lost, and leaves the job to its new holder', async () => {
    const type = uniqueType('lost');
    const log = recordingLog();
    const { handler, started, aborted } = abortable();
    start({ log, leaseMs: 300, handlers: { [type]: handler } });
    const id = await queue.enqueue(ctx.db, { type, payload: {} });
    await started;
    // Another worker took the job over (as after a long stall of this one).
    await ctx.db.update(jobs).set({ lockedBy: 'thief' }).where(eq(jobs.id, id));
    await waitFor(() => aborted.length > 0, { what: 'the abort' });
    expect(aborted[0]).toBeInstanceOf(LeaseLostError);
    await waitFor(() => log.entries.some((e) => e.message?.includes('lease lost')), { what: 'the lease-lost log' });
    expect(await queue.getJob(ctx.db, id)).toMatchObject({ status: 'running', lockedBy: 'thief', attempts: 1, lastError: null });
  });

  it('keeps a long job by renewing its lease', async () => {
    const type = uniqueType('renew');
    const finish = gate();
    start({ leaseMs: 600, handlers: { [type]: () => finish.promise } });
    const id = await queue.enqueue(ctx.db, { type, payload: {} });
    const first = await waitFor(async () => (await queue.getJob(ctx.db, id))?.lockedUntil, { what: 'the claim' });
    // Renewed past twice the first lease without anyone else claiming it.
    await waitFor(async () => ((await queue.getJob(ctx.db, id))?.lockedUntil?.getTime() ?? 0) > first.getTime() + 1_200, {
      what: 'renewals',
    });
    expect(await queue.claimNext(ctx.db, { workerId: 'other', types: [type], leaseMs: 600 })).toBeNull();
    finish.open();
    await waitFor(async () => (await statusOf(id)) === 'succeeded');
    expect(await queue.getJob(ctx.db, id)).toMatchObject({ attempts: 1 });
  });

  it('on stop, aborts running handlers and releases their jobs without counting the attempt', async () => {
    const type = uniqueType('stop');
    const { handler, started, aborted } = abortable();
    const worker = start({ handlers: { [type]: handler } });
    const id = await queue.enqueue(ctx.db, { type, payload: {} });
    await started;
    await worker.stop();
    expect(aborted).toHaveLength(1);
    expect(aborted[0]).toBeInstanceOf(WorkerStoppingError);
    expect(await queue.getJob(ctx.db, id)).toMatchObject({ status: 'queued', attempts: 0, lockedBy: null, lockedUntil: null });
    // Stopped for good: the next job stays for whoever claims it.
    const next = await queue.enqueue(ctx.db, { type, payload: {} });
    expect(await queue.claimNext(ctx.db, { workerId: 'successor', types: [type], leaseMs: 1_000 })).toMatchObject({ id, attempts: 1 });
    expect(await queue.getJob(ctx.db, next)).toMatchObject({ status: 'queued', attempts: 0 });
  });

  it('on stop, waits for a handler that finishes its work and completes its job', async () => {
    const type = uniqueType('drain');
    const started = gate();
    const finish = gate();
    const worker = start({
      leaseMs: 600,
      handlers: {
        [type]: async () => {
          started.open();
          await finish.promise;
        },
      },
    });
    const id = await queue.enqueue(ctx.db, { type, payload: {} });
    await started.promise;
    const before = (await queue.getJob(ctx.db, id))!.lockedUntil!.getTime();
    let stopped = false;
    const stopping = worker.stop().then(() => (stopped = true));
    // The lease is still renewed while stop() waits for the handler.
    await waitFor(async () => ((await queue.getJob(ctx.db, id))?.lockedUntil?.getTime() ?? 0) > before + 300, { what: 'a renewal' });
    expect(stopped).toBe(false);
    finish.open();
    await stopping;
    expect(await queue.getJob(ctx.db, id)).toMatchObject({ status: 'succeeded', attempts: 1 });
  });
});

// Fastify's logger (pino) is a WorkerLog as it is.
const _fits: WorkerLog = pino({ enabled: false });

/** A handler that starts, then waits for its signal and throws its reason. */
function abortable() {
  const started = gate();
  const aborted: unknown[] = [];
  const handler = (_job: queue.Job, { signal }: { signal: AbortSignal }) => {
    started.open();
    return new Promise<void>((_resolve, reject) => {
      signal.addEventListener('abort', () => {
        aborted.push(signal.reason);
        reject(signal.reason);
      });
    });
  };
  return { handler, started: started.promise, aborted };
}
