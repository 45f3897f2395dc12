import type { Config } from './config';
import type { Executor } from './db/client';
import { startWorker, type JobHandler, type RunningWorker } from './jobs/worker';
import type { WorkerLog } from './jobs/worker-log';
import { resolveMediaTools, type MediaTools } from './transcoding/ffmpeg-binaries';
import { mediaStoreFromConfig } from './storage/store-from-config';
import { BILLING_REMINDERS_JOB, billingRemindersHandler } from './modules/billing/reminders.job';
import { DEMO_MEDIA_JOB, demoMediaHandler } from './demo/clips/demo-media.job';
import { TRANSCODE_JOB, transcodeHandler, type MediaDeps } from './modules/ingest/ingest.service';
import { STRANDED_ASSETS_JOB, strandedAssetsHandler } from './modules/ingest/stranded-assets.job';
import { THIRD_PARTY_SYNC_JOB, thirdPartySyncHandler } from './modules/third-party/third-party-sync.job';

/** Media jobs run for minutes: a lease of a minute, renewed while ffmpeg works, outlives a slow query. */
const LEASE_MS = 60_000;

/**
 * Every job type and its handler. The server runs these in-process (WORKERS, default 1) and
 * `npm run worker` runs them alone, so both always handle the same jobs.
 */
export function jobHandlers(input: { config: Config; db: Executor }): Record<string, JobHandler> {
  const media: MediaDeps = { db: input.db, store: mediaStoreFromConfig(input.config), tools: mediaToolsOnce(input.config) };
  return {
    [TRANSCODE_JOB]: transcodeHandler(media),
    [DEMO_MEDIA_JOB]: demoMediaHandler(media),
    [STRANDED_ASSETS_JOB]: strandedAssetsHandler(media),
    [THIRD_PARTY_SYNC_JOB]: thirdPartySyncHandler({ db: input.db, store: media.store, settings: input.config.thirdParty }),
    [BILLING_REMINDERS_JOB]: billingRemindersHandler({ db: input.db }),
  };
}

export function startJobWorkers(input: { config: Config; db: Executor; log: WorkerLog; concurrency: number }): RunningWorker {
  return startWorker({
    db: input.db,
    handlers: jobHandlers(input),
    concurrency: input.concurrency,
    leaseMs: LEASE_MS,
    log: input.log,
  });
}

/** Finds ffmpeg on the first media job, not at start-up; a failed lookup is retried by the next job. */
function mediaToolsOnce(config: Config): () => Promise<MediaTools> {
  let tools: Promise<MediaTools> | undefined;
  return () => {
    tools ??= resolveMediaTools({ ffmpegPath: config.media.ffmpegPath, ffprobePath: config.media.ffprobePath }).catch((error: unknown) => {
      tools = undefined;
      throw error;
    });
    return tools;
  };
}
