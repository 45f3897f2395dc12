import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../db/schema';
import { createTestContext, type TestContext } from '../../test/test-app';
import { closeContext, uniqueType } from './jobs.test-support';
import * as queue from './queue';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => closeContext(ctx));

describe('job queue', () => {
  it('runs a job through enqueue, claim, progress and complete', async () => {
    const type = uniqueType('basic');
    const id = await queue.enqueue(ctx.db, { type, payload: { assetId: 'a1' } });
    expect(await queue.getJob(ctx.db, id)).toMatchObject({ status: 'queued', attempts: 0, progress: 0, payload: { assetId: 'a1' } });

    const job = await queue.claimNext(ctx.db, { workerId: 'w1', types: [type], leaseMs: 10_000 });
    expect(job).toMatchObject({ id, status: 'running', attempts: 1, lockedBy: 'w1' });
    expect(job!.lockedUntil!.getTime() - job!.updatedAt.getTime()).toBe(10_000);
    expect(await queue.claimNext(ctx.db, { workerId: 'w2', types: [type], leaseMs: 10_000 })).toBeNull();

    expect(await queue.heartbeat(ctx.db, { jobId: id, workerId: 'w1', leaseMs: 10_000, progress: 42.4 })).toBe(true);
    expect(await queue.getJob(ctx.db, id)).toMatchObject({ status: 'running', progress: 42 });

    expect(await queue.complete(ctx.db, { jobId: id, workerId: 'w1' })).toMatchObject({ status: 'succeeded' });
    const done = await queue.getJob(ctx.db, id);
    expect(done).toMatchObject({ status: 'succeeded', progress: 100, attempts: 1, lockedBy: null, lockedUntil: null });
    expect(done!.finishedAt).toBeInstanceOf(Date);
  });

  it('acts for the holder of a job only', async () => {
    const type = uniqueType('holder');
    const id = await queue.enqueue(ctx.db, { type, payload: {} });
    await queue.claimNext(ctx.db, { workerId: 'holder', types: [type], leaseMs: 10_000 });
    const other = { jobId: id, workerId: 'other' };
    expect(await queue.heartbeat(ctx.db, { ...other, leaseMs: 10_000, progress: 50 })).toBe(false);
    expect(await queue.complete(ctx.db, other)).toBeNull();
    expect(await queue.fail(ctx.db, { ...other, error: new Error('no') })).toBeNull();
    expect(await queue.release(ctx.db, other)).toBeNull();
    expect(await queue.getJob(ctx.db, id)).toMatchObject({ status: 'running', lockedBy: 'holder', progress: 0 });
  });

  it('claims due jobs oldest first, of the asked types only', async () => {
    const [type, other] = [uniqueType('order'), uniqueType('order-other')];
    const later = await queue.enqueue(ctx.db, { type, payload: {}, runAt: new Date(Date.now() + 60_000) });
    const first = await queue.enqueue(ctx.db, { type, payload: {}, runAt: new Date(Date.now() - 2_000) });
    const second = await queue.enqueue(ctx.db, { type, payload: {}, runAt: new Date(Date.now() - 1_000) });
    await queue.enqueue(ctx.db, { type: other, payload: {} });
    const claim = () => queue.claimNext(ctx.db, { workerId: 'w', types: [type], leaseMs: 10_000 });
    expect((await claim())?.id).toBe(first);
    expect((await claim())?.id).toBe(second);
    expect(await claim()).toBeNull();
    expect(await queue.getJob(ctx.db, later)).toMatchObject({ status: 'queued' });
    expect(await queue.listJobs(ctx.db, { type: other, status: 'queued', limit: 10 })).toHaveLength(1);
  });

  it('never hands one job to two concurrent claimers', async () => {
    const type = uniqueType('race');
    const ids = await Promise.all(Array.from({ length: 6 }, () => queue.enqueue(ctx.db, { type, payload: {} })));
    const claims = await Promise.all(
      Array.from({ length: 10 }, (_, i) => queue.claimNext(ctx.db, { workerId: `w${i}`, types: [type], leaseMs: 10_000 })),
    );
    const claimed = claims.filter((job) => job !== null).map((job) => job.id);
    expect(claimed.sort()).toEqual([...ids].sort());
  });

  it('retries a failed attempt after a growing delay, then fails for good with the last error', async () => {
    const type = uniqueType('backoff');
    const id = await queue.enqueue(ctx.db, { type, payload: {}, maxAttempts: 3 });
    const delays: number[] = [];
    for (let attempt = 1; attempt <= 3; attempt++) {
      // Make the queued retry due now, as if its delay had passed.
      await ctx.db.update(jobs).set({ runAt: new Date(0) }).where(eq(jobs.id, id));
      const job = await queue.claimNext(ctx.db, { workerId: 'w', types: [type], leaseMs: 10_000 });
      expect(job).toMatchObject({ id, attempts: attempt });
      const after = await queue.fail(ctx.db, { jobId: id, workerId: 'w', error: new Error(`boom #${attempt}`) });
      delays.push(after!.runAt.getTime() - after!.updatedAt.getTime());
      expect(after).toMatchObject({ status: attempt < 3 ? 'queued' : 'failed', lastError: `boom #${attempt}`, lockedBy: null });
    }
    expect(delays.slice(0, 2)).toEqual([5_000, 30_000]);
    const failed = await queue.getJob(ctx.db, id);
    expect(failed).toMatchObject({ status: 'failed', attempts: 3, lastError: 'boom #3' });
    expect(failed!.finishedAt).toBeInstanceOf(Date);
    expect(await queue.claimNext(ctx.db, { workerId: 'w', types: [type], leaseMs: 10_000 })).toBeNull();
  });

  it('caps the backoff delay', async () => {
    const type = uniqueType('cap');
    const id = await queue.enqueue(ctx.db, { type, payload: {} });
    await ctx.db.update(jobs).set({ attempts: 3 }).where(eq(jobs.id, id));
    await queue.claimNext(ctx.db, { workerId: 'w', types: [type], leaseMs: 10_000 });
    const after = await queue.fail(ctx.db, { jobId: id, workerId: 'w', error: 'flaky', backoff: { baseMs: 100, factor: 10, maxMs: 5_000 } });
    expect(after!.runAt.getTime() - after!.updatedAt.getTime()).toBe(5_000);
    expect(after!.lastError).toBe('flaky');
  });

  it('takes back a job whose lease expired, and fails it once that was its last attempt', async () => {
    const type = uniqueType('expired');
    const id = await queue.enqueue(ctx.db, { type, payload: {}, maxAttempts: 2 });
    const claim = (workerId: string) => queue.claimNext(ctx.db, { workerId, types: [type], leaseMs: 10_000 });
    const expire = () => ctx.db.update(jobs).set({ lockedUntil: new Date(Date.now() - 1_000) }).where(eq(jobs.id, id));
    await claim('crashed-1');
    await expire();
    expect(await claim('w2')).toMatchObject({ id, attempts: 2, lockedBy: 'w2' });
    expect(await queue.heartbeat(ctx.db, { jobId: id, workerId: 'crashed-1', leaseMs: 10_000 })).toBe(false);

    await expire();
    expect(await claim('w3')).toBeNull();
    expect(await queue.failAbandonedJobs(ctx.db, { types: [type] })).toBe(1);
    expect(await queue.getJob(ctx.db, id)).toMatchObject({ status: 'failed', attempts: 2, lastError: expect.stringMatching(/lease expired/i) });
  });

  it('releases a job without counting the attempt', async () => {
    const type = uniqueType('release');
    const id = await queue.enqueue(ctx.db, { type, payload: {} });
    await queue.claimNext(ctx.db, { workerId: 'w', types: [type], leaseMs: 10_000 });
    expect(await queue.release(ctx.db, { jobId: id, workerId: 'w' })).toMatchObject({ status: 'queued', attempts: 0, lockedBy: null });
    expect(await queue.claimNext(ctx.db, { workerId: 'w2', types: [type], leaseMs: 10_000 })).toMatchObject({ id, attempts: 1 });
  });

  it('dedupes by key while a job is pending, also for concurrent enqueues', async () => {
    const type = uniqueType('dedupe');
    const key = `${type}:asset-1`;
    const ids = await Promise.all(Array.from({ length: 5 }, () => queue.enqueue(ctx.db, { type, payload: {}, dedupeKey: key })));
    expect(new Set(ids).size).toBe(1);
    expect(await queue.enqueue(ctx.db, { type, payload: {}, dedupeKey: `${type}:asset-2` })).not.toBe(ids[0]);

    await queue.claimNext(ctx.db, { workerId: 'w', types: [type], leaseMs: 10_000 });
    expect(await queue.getJob(ctx.db, ids[0]!)).toMatchObject({ status: 'running' });
    expect(await queue.enqueue(ctx.db, { type, payload: {}, dedupeKey: key })).toBe(ids[0]);

    await queue.complete(ctx.db, { jobId: ids[0]!, workerId: 'w' });
    expect(await queue.enqueue(ctx.db, { type, payload: {}, dedupeKey: key })).not.toBe(ids[0]);
    expect(await queue.listJobs(ctx.db, { type, limit: 10 })).toHaveLength(3);
  });

  it('rejects a bad maxAttempts or lease', async () => {
    await expect(queue.enqueue(ctx.db, { type: 'x', payload: {}, maxAttempts: 0 })).rejects.toThrow(RangeError);
    await expect(queue.claimNext(ctx.db, { workerId: 'w', types: ['x'], leaseMs: 0 })).rejects.toThrow(RangeError);
  });
});
