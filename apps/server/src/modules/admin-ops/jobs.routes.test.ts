import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, mediaAssets } from '../../db/schema';
import { claimNext, complete, enqueue, getJob } from '../../jobs/queue';
import { createTestContext, type TestContext } from '../../../test/test-app';
import { fixtures, mediaAsset } from '../../../test/fixtures';
import { asStaff, consoleEnv, staffSessions, type Sessions } from '../../../test/staff';
import { TRANSCODE_JOB, transcodeKey } from '../ingest/ingest.service';

let ctx: TestContext;
let s: Sessions;
let film: { id: string; assetId: string };

beforeAll(async () => {
  ctx = await createTestContext(consoleEnv);
  s = await staffSessions(ctx);
  const video = await mediaAsset(ctx, 'private');
  await ctx.db.update(mediaAssets).set({ status: 'pending' }).where(eq(mediaAssets.id, video.id));
  const movie = await fixtures(ctx.db).title({ slug: 'night-ferry', name: 'Night Ferry', videoAssetId: video.id });
  film = { id: movie.id, assetId: video.id };
});
afterAll(() => ctx.close());

/** A transcode of the film's video, in the state a test needs. */
async function transcode(state: 'queued' | 'running' | 'failed' | 'succeeded') {
  const id = await enqueue(ctx.db, { type: TRANSCODE_JOB, payload: { assetId: film.assetId }, dedupeKey: transcodeKey(film.assetId), maxAttempts: 2 });
  if (state === 'queued') return id;
  await ctx.db.update(jobs).set({ runAt: new Date(0) }).where(eq(jobs.id, id));
  const claimed = await claimNext(ctx.db, { workerId: 'test-worker', types: [TRANSCODE_JOB], leaseMs: 60_000 });
  expect(claimed?.id).toBe(id);
  if (state === 'running') return id;
  if (state === 'succeeded') {
    await complete(ctx.db, { jobId: id, workerId: 'test-worker' });
    return id;
  }
  await ctx.db.update(jobs).set({ status: 'failed', lockedBy: null, lastError: 'Invalid data found when processing input', finishedAt: new Date() }).where(eq(jobs.id, id));
  await ctx.db.update(mediaAssets).set({ status: 'failed', error: 'Invalid data found when processing input' }).where(eq(mediaAssets.id, film.assetId));
  return id;
}

const list = async (query = '') => (await asStaff(ctx, s.support).get(`/admin/api/jobs${query}`)).json();
const auditOf = async (id: string) => (await asStaff(ctx, s.admin).get(`/admin/api/audit?entityType=job&entityId=${id}`)).json().items;

describe('console: jobs', () => {
  it('lists jobs of every kind newest first, with subject, attempts, error and progress, filtered by state and kind, paged', async () => {
    const failed = await transcode('failed');
    const sync = await enqueue(ctx.db, { type: 'third-party.sync', payload: { feed: 'Lanternfish' } });
    const all = await list();
    expect(all.items.map((j: { _id: string }) => j._id).slice(0, 2)).toEqual([sync, failed]);
    expect(all.kinds).toEqual(expect.arrayContaining([{ kind: TRANSCODE_JOB, label: 'Transcode' }, { kind: 'third-party.sync', label: 'Partner feed sync' }]));
    expect(all.items[1]).toMatchObject({
      kind: TRANSCODE_JOB,
      kindLabel: 'Transcode',
      subject: { label: 'Night Ferry: full video', titleId: film.id },
      status: 'failed',
      attempts: 1,
      maxAttempts: 2,
      progress: 0,
      lastError: 'Invalid data found when processing input',
      canRetry: true,
      canCancel: false,
    });
    expect(all.items[0]).toMatchObject({ subject: { label: 'Feed Lanternfish', titleId: null }, status: 'queued', progress: null, canRetry: false, canCancel: true });

    const failedOnly = await list('?status=failed');
    expect(failedOnly.items.every((j: { status: string }) => j.status === 'failed')).toBe(true);
    expect(failedOnly.items.map((j: { _id: string }) => j._id)).toContain(failed);
    expect((await list('?kind=third-party.sync')).items.map((j: { _id: string }) => j._id)).toEqual([sync]);
    const paged = await list('?pageSize=1&page=2');
    expect(paged).toMatchObject({ page: 2, pageSize: 1, total: all.total, items: [{ _id: failed }] });
    expect((await asStaff(ctx, s.support).get('/admin/api/jobs?status=done')).statusCode).toBe(400);
    await ctx.db.delete(jobs);
  });

  it('retries a failed job: queued again with its attempts afresh, its video waiting again, audited; support may not', async () => {
    const id = await transcode('failed');
    expect((await asStaff(ctx, s.support).post(`/admin/api/jobs/${id}/retry`)).statusCode).toBe(403);
    const res = await asStaff(ctx, s.editor).post(`/admin/api/jobs/${id}/retry`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ _id: id, status: 'queued', attempts: 0, canRetry: false, canCancel: true });
    const [asset] = await ctx.db.select().from(mediaAssets).where(eq(mediaAssets.id, film.assetId));
    expect(asset).toMatchObject({ status: 'pending', error: null });
    expect(await auditOf(id)).toMatchObject([
      { action: 'job.retry', actor: { email: 'editor@staff.test' }, summary: 'Queued the failed transcode of Night Ferry: full video again', before: { status: 'failed', attempts: 1 } },
    ]);

    const again = await asStaff(ctx, s.editor).post(`/admin/api/jobs/${id}/retry`);
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe('Only a failed job can be retried: this one is queued');
    expect((await getJob(ctx.db, id))?.status).toBe('queued');
    expect(await auditOf(id)).toHaveLength(1);
    await ctx.db.delete(jobs);
  });

  it('cancels a queued job, audited; refuses to cancel a finished one or retry a cancelled one, changing nothing', async () => {
    const queued = await enqueue(ctx.db, { type: 'billing.reminders', payload: {} });
    const res = await asStaff(ctx, s.admin).post(`/admin/api/jobs/${queued}/cancel`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'cancelled', kindLabel: 'Renewal reminders', canCancel: false, canRetry: false });
    expect(res.json().finishedAt).not.toBeNull();
    expect(await auditOf(queued)).toMatchObject([{ action: 'job.cancel', summary: 'Cancelled the queued renewal reminders of Scheduled run' }]);
    // The worker passes it over: nothing is runnable.
    expect(await claimNext(ctx.db, { workerId: 'w', types: ['billing.reminders'], leaseMs: 1_000 })).toBeNull();
    expect((await asStaff(ctx, s.admin).post(`/admin/api/jobs/${queued}/retry`)).statusCode).toBe(409);

    const finished = await transcode('succeeded');
    const refused = await asStaff(ctx, s.editor).post(`/admin/api/jobs/${finished}/cancel`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe('This job has already finished: there is nothing to cancel');
    expect((await getJob(ctx.db, finished))?.status).toBe('succeeded');
    expect(await auditOf(finished)).toEqual([]);
    await ctx.db.delete(jobs);
  });

  it('cancels a running transcode: its worker can no longer finish it, and its video is marked cancelled for Retry transcode', async () => {
    await ctx.db.update(mediaAssets).set({ status: 'processing', error: null }).where(eq(mediaAssets.id, film.assetId));
    const id = await transcode('running');
    const res = await asStaff(ctx, s.editor).post(`/admin/api/jobs/${id}/cancel`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'cancelled' });
    // The worker that held it finishes late: its success is not recorded.
    expect(await complete(ctx.db, { jobId: id, workerId: 'test-worker' })).toBeNull();
    expect((await getJob(ctx.db, id))?.status).toBe('cancelled');
    const [asset] = await ctx.db.select().from(mediaAssets).where(eq(mediaAssets.id, film.assetId));
    expect(asset).toMatchObject({ status: 'failed', error: 'Transcode cancelled by editor' });
    const transcodeState = (await asStaff(ctx, s.editor).get(`/admin/api/videos/${film.assetId}/transcode`)).json();
    expect(transcodeState).toMatchObject({ state: 'failed', job: { status: 'cancelled', stage: 'Cancelled' } });
    expect((await asStaff(ctx, s.editor).post(`/admin/api/videos/${film.assetId}/transcode/retry`)).statusCode).toBe(200);
    await ctx.db.delete(jobs);
  });

  it('refuses to cancel a running job that writes as it goes, and answers 404 for an unknown job', async () => {
    const id = await enqueue(ctx.db, { type: 'third-party.sync', payload: {}, runAt: new Date(0) });
    await claimNext(ctx.db, { workerId: 'w', types: ['third-party.sync'], leaseMs: 60_000 });
    const res = await asStaff(ctx, s.editor).post(`/admin/api/jobs/${id}/cancel`);
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe('A running partner feed sync cannot be stopped safely (it writes as it goes): let it finish');
    expect((await getJob(ctx.db, id))?.status).toBe('running');
    expect((await list()).items.find((j: { _id: string }) => j._id === id)).toMatchObject({ canCancel: false });

    for (const action of ['retry', 'cancel']) {
      const missing = await asStaff(ctx, s.editor).post(`/admin/api/jobs/${randomUUID()}/${action}`);
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toMatchObject({ status: 404 });
    }
    expect((await asStaff(ctx, s.editor).post('/admin/api/jobs/not-a-job/cancel')).statusCode).toBe(400);
    expect((await asStaff(ctx, s.viewer).get('/admin/api/jobs')).statusCode).toBe(403);
    expect((await asStaff(ctx, null).post(`/admin/api/jobs/${id}/cancel`)).statusCode).toBe(401);
  });
});
