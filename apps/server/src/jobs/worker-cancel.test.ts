import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-app';
import { LeaseLostError } from './job-lease';
import { closeContext, gate, openAllGates, recordingLog, uniqueType, waitFor } from './jobs.test-support';
import * as queue from './queue';
import { startWorker, type RunningWorker } from './worker';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => closeContext(ctx));

const started: RunningWorker[] = [];
afterEach(async () => {
  openAllGates();
  await Promise.all(started.splice(0).map((w) => w.stop()));
});

describe('a job cancelled while it runs', () => {
  it('commits its result together with its success through ctx.finish', async () => {
    const type = uniqueType('finish');
    const committed: string[] = [];
    const log = recordingLog();
    started.push(startWorker({ db: ctx.db, log, pollIntervalMs: 50, leaseMs: 5_000, handlers: { [type]: (job, { finish }) => finish(async () => void committed.push(job.id)) } }));
    const id = await queue.enqueue(ctx.db, { type, payload: {} });
    await waitFor(async () => (await queue.getJob(ctx.db, id))?.status === 'succeeded', { what: 'success' });
    expect(committed).toEqual([id]);
    expect(await queue.getJob(ctx.db, id)).toMatchObject({ progress: 100, lockedBy: null });
    expect(log.entries.filter((e) => e.level !== 'info')).toEqual([]);
  });

  it('is aborted at its next heartbeat, commits nothing and is never marked succeeded or failed', async () => {
    const type = uniqueType('cancel');
    const resume = gate();
    const committed: string[] = [];
    let aborted: unknown;
    const log = recordingLog();
    started.push(
      startWorker({
        db: ctx.db,
        log,
        pollIntervalMs: 50,
        // Heartbeats every 200 ms: the cancel is noticed quickly.
        leaseMs: 600,
        handlers: {
          [type]: async (job, { signal, finish, reportProgress }) => {
            await reportProgress(40);
            signal.addEventListener('abort', () => (aborted = signal.reason));
            await resume.promise;
            await finish(async () => void committed.push(job.id));
          },
        },
      }),
    );
    const id = await queue.enqueue(ctx.db, { type, payload: {} });
    await waitFor(async () => (await queue.getJob(ctx.db, id))?.progress === 40, { what: 'the job running' });
    expect(await queue.cancel(ctx.db, { id, includeRunning: true })).toMatchObject({ status: 'cancelled', lockedBy: null });

    await waitFor(() => aborted, { what: 'the handler aborted' });
    expect(aborted).toBeInstanceOf(LeaseLostError);
    resume.open();
    await waitFor(() => log.entries.some((e) => e.message?.includes('result is discarded')), { what: 'the result discarded' });
    expect(committed).toEqual([]);
    expect(await queue.getJob(ctx.db, id)).toMatchObject({ status: 'cancelled', attempts: 1 });
  });

  it('is refused by cancel() without includeRunning, so only queued ones are cancelled', async () => {
    const type = uniqueType('queued-only');
    const resume = gate();
    started.push(startWorker({ db: ctx.db, log: recordingLog(), pollIntervalMs: 50, leaseMs: 5_000, handlers: { [type]: () => resume.promise } }));
    const id = await queue.enqueue(ctx.db, { type, payload: {} });
    await waitFor(async () => (await queue.getJob(ctx.db, id))?.status === 'running', { what: 'the job running' });
    expect(await queue.cancel(ctx.db, { id, includeRunning: false })).toBeNull();
    resume.open();
    await waitFor(async () => (await queue.getJob(ctx.db, id))?.status === 'succeeded', { what: 'success' });
  });
});
