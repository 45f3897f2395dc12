import type { Executor } from '../../db/client';
import { queueNextRun } from '../../jobs/recurring';
import type { JobContext } from '../../jobs/worker';
import * as repo from './ingest.repository';
import { queueTranscode, transcodeKey } from './ingest.service';

export const STRANDED_ASSETS_JOB = 'media.recover-stranded';

/** How often stranded assets are looked for. */
const INTERVAL_MS = 10 * 60_000;
/** An asset is recorded a moment before its transcode is queued: younger ones are left alone. */
const GRACE_MS = 2 * 60_000;

/** Queues the next look; every server process calls it at start-up. */
export function queueStrandedAssetsCheck(db: Executor, now?: Date): Promise<void> {
  return queueNextRun(db, { type: STRANDED_ASSETS_JOB, intervalMs: INTERVAL_MS, now });
}

/**
 * An asset stays pending only while a transcode job is queued or running for it. A process killed
 * between recording an asset and queueing its job (an ingest, the demo media), or a job given up
 * after its last attempt died with its worker, would leave it pending for ever, its titles showing
 * artwork and no one told why. This finds them: one with no failed job is queued again; one whose
 * job failed for good is marked failed with that job's error, for operators to see.
 */
export function strandedAssetsHandler(deps: { db: Executor }) {
  return async (_job: unknown, ctx: Pick<JobContext, 'log'>): Promise<void> => {
    await queueStrandedAssetsCheck(deps.db);
    const { requeued, failed } = await recoverStrandedAssets(deps.db, { graceMs: GRACE_MS });
    if (requeued + failed > 0) ctx.log.warn({ requeued, failed }, 'stranded media assets recovered');
  };
}

export async function recoverStrandedAssets(db: Executor, input: { graceMs: number }): Promise<{ requeued: number; failed: number }> {
  const stranded = await repo.strandedAssets(db, { graceMs: input.graceMs, dedupeKeyOf: transcodeKey });
  let requeued = 0;
  let failed = 0;
  for (const asset of stranded) {
    if (asset.failed) {
      await repo.updateAsset(db, asset.id, { status: 'failed', error: asset.lastError ?? 'The transcode job failed' });
      failed++;
    } else {
      await queueTranscode(db, asset.id);
      requeued++;
    }
  }
  return { requeued, failed };
}
