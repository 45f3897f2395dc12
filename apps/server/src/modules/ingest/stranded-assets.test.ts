import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, mediaAssets } from '../../db/schema';
import { listJobs } from '../../jobs/queue';
import { recordingLog } from '../../jobs/jobs.test-support';
import { createTestContext, type TestContext } from '../../../test/test-app';
import { TRANSCODE_JOB, transcodeKey } from './ingest.service';
import { recoverStrandedAssets, STRANDED_ASSETS_JOB, strandedAssetsHandler } from './stranded-assets.job';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

/** A pending asset last touched `ageMs` ago. */
async function pendingAsset(ageMs: number, status: 'pending' | 'processing' = 'pending') {
  const [asset] = await ctx.db
    .insert(mediaAssets)
    .values({ access: 'private', status, sourceKey: 'sources/x.mp4', storagePrefix: 'videos/x', updatedAt: sql`now() - make_interval(secs => ${ageMs / 1000})` })
    .returning();
  return asset!;
}
const statusOf = async (id: string) => (await ctx.db.select().from(mediaAssets).where(eq(mediaAssets.id, id)))[0]!;
const transcodeJobsOf = async (id: string) => (await ctx.db.select().from(jobs).where(eq(jobs.dedupeKey, transcodeKey(id))));
const hour = 60 * 60_000;
/** A transcode job of the asset in the given state, as the queue would have left it. */
const transcodeJob = (assetId: string, state: Partial<typeof jobs.$inferInsert>) =>
  ctx.db.insert(jobs).values({ type: TRANSCODE_JOB, payload: { assetId }, dedupeKey: transcodeKey(assetId), ...state });

describe('assets stranded pending', () => {
  it('queues the transcode again for an asset left with no job (its process died before queueing it)', async () => {
    const orphan = await pendingAsset(hour, 'processing');
    const recent = await pendingAsset(0);
    expect(await recoverStrandedAssets(ctx.db, { graceMs: 2 * 60_000 })).toEqual({ requeued: 1, failed: 0 });
    expect(await transcodeJobsOf(orphan.id)).toMatchObject([{ type: TRANSCODE_JOB, status: 'queued', payload: { assetId: orphan.id } }]);
    // Just recorded: its ingest is about to queue the job itself.
    expect(await transcodeJobsOf(recent.id)).toEqual([]);
    // Queued now, so the next look leaves it alone.
    expect(await recoverStrandedAssets(ctx.db, { graceMs: 2 * 60_000 })).toEqual({ requeued: 0, failed: 0 });
  });

  it('marks an asset failed, with the reason, once its transcode job has failed for good', async () => {
    const asset = await pendingAsset(hour, 'processing');
    // Given up by the queue: its last attempt's worker died (see jobs.repository failAbandoned).
    await transcodeJob(asset.id, {
      status: 'failed',
      attempts: 5,
      lastError: 'Lease expired during the last attempt (the worker stopped or stalled)',
      finishedAt: new Date(),
    });
    expect(await recoverStrandedAssets(ctx.db, { graceMs: 2 * 60_000 })).toEqual({ requeued: 0, failed: 1 });
    expect(await statusOf(asset.id)).toMatchObject({ status: 'failed', error: 'Lease expired during the last attempt (the worker stopped or stalled)' });
  });

  it('leaves an asset whose job is still queued or running to that job', async () => {
    const asset = await pendingAsset(hour);
    await transcodeJob(asset.id, { status: 'running', attempts: 1, lockedBy: 'busy-worker', lockedUntil: new Date(Date.now() + 60_000) });
    expect(await recoverStrandedAssets(ctx.db, { graceMs: 2 * 60_000 })).toEqual({ requeued: 0, failed: 0 });
    expect(await statusOf(asset.id)).toMatchObject({ status: 'pending' });
  });

  it('runs as a recurring job that schedules its next look first', async () => {
    await strandedAssetsHandler({ db: ctx.db })({}, { log: recordingLog() });
    const next = await listJobs(ctx.db, { type: STRANDED_ASSETS_JOB, limit: 5 });
    expect(next).toHaveLength(1);
    expect(next[0]!.runAt.getTime()).toBeGreaterThan(Date.now());
  });
});
