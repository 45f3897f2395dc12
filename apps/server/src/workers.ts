import type { Config } from './config';
import type { Executor } from './db/client';
import { RETENTION_JOB, retentionHandler, retentionPolicy } from './jobs/retention.job';
import { startWorker, type JobHandler, type RunningWorker } from './jobs/worker';
import type { WorkerLog } from './jobs/worker-log';
import { mediaToolsOnce } from './transcoding/ffmpeg-binaries';
import { mediaStoreFromConfig } from './storage/store-from-config';
import { PAYMENTS_RECONCILE_JOB, paymentsReconcileHandler } from './modules/billing/reconcile.job';
import { BILLING_REMINDERS_JOB, billingRemindersHandler } from './modules/billing/reminders.job';
import { DEMO_MEDIA_JOB, demoMediaHandler } from './demo/clips/demo-media.job';
import { TRANSCODE_JOB, transcodeHandler, type MediaDeps } from './modules/ingest/ingest.service';
import { STRANDED_ASSETS_JOB, strandedAssetsHandler } from './modules/ingest/stranded-assets.job';
import { PIN_ATTEMPTS } from './modules/profiles/profiles.service';
import { THIRD_PARTY_SYNC_JOB, thirdPartySyncHandler } from './modules/third-party/third-party-sync.job';

/**
 * Every job type and its handler. The server runs these in-process (WORKERS, default 1) and
 * `npm run worker` runs them alone, so both always handle the same jobs.
 */
export function jobHandlers(input: { config: Config; db: Executor }): Record<string, JobHandler> {
  const media: MediaDeps = { db: input.db, store: mediaStoreFromConfig(input.config), tools: mediaToolsOnce(input.config.media), cacheDir: input.config.media.cacheDir };
  return {
    [TRANSCODE_JOB]: transcodeHandler(media),
    [DEMO_MEDIA_JOB]: demoMediaHandler(media),
    [STRANDED_ASSETS_JOB]: strandedAssetsHandler(media),
    [THIRD_PARTY_SYNC_JOB]: thirdPartySyncHandler({ db: input.db, store: media.store, settings: input.config.thirdParty }),
    [BILLING_REMINDERS_JOB]: billingRemindersHandler({ db: input.db }),
    [RETENTION_JOB]: retentionHandler({ db: input.db, policy: retentionPolicy(longestLimitWindowMs(input.config)) }),
    [PAYMENTS_RECONCILE_JOB]: paymentsReconcileHandler({ db: input.db, payments: input.config.payments, intervalMs: input.config.paymentsReconcileMs }),
  };
}

export function startJobWorkers(input: { config: Config; db: Executor; log: WorkerLog; concurrency: number }): RunningWorker {
  return startWorker({
    db: input.db,
    handlers: jobHandlers(input),
    concurrency: input.concurrency,
    // Media jobs run for minutes: a lease of a minute (JOB_LEASE_SECONDS), renewed while ffmpeg
    // works, outlives a slow query; a crashed worker's job is claimed again once it runs out.
    leaseMs: input.config.jobLeaseMs,
    log: input.log,
  });
}

/** The longest window of any rate limit: a log is kept while a hit in it may still count. */
function longestLimitWindowMs(config: Config): number {
  return Math.max(config.auth.loginLimit.windowSeconds, config.publicWriteLimit.windowSeconds, PIN_ATTEMPTS.windowSeconds) * 1000;
}
