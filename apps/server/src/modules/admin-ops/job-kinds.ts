import type { Job } from '../../jobs/queue';
import { RETENTION_JOB } from '../../jobs/retention.job';
import { THIRD_PARTY_SYNC_JOB } from '../third-party/feed-status.service';
import { transcodeSubjects } from '../ingest/attach.service';
import { TRANSCODE_JOB } from '../ingest/ingest.service';
import type { Executor } from '../../db/client';

/**
 * What the jobs page knows of each kind of job. The kinds are those of workers.ts; the ones whose
 * constant lives in a job file of another module are named here by their value, as the table
 * stores them.
 */
const labels: Record<string, string> = {
  [TRANSCODE_JOB]: 'Transcode',
  'media.demo': 'Demo media',
  'media.recover-stranded': 'Stranded video check',
  [THIRD_PARTY_SYNC_JOB]: 'Partner feed sync',
  'billing.reminders': 'Renewal reminders',
  'billing.reconcile': 'Payment reconciliation',
  [RETENTION_JOB]: 'Data retention',
};

export const kindLabel = (kind: string): string => labels[kind] ?? kind;

/** Kinds whose handler reports a percentage while it runs. */
export const reportsProgress = (kind: string): boolean => kind === TRANSCODE_JOB || kind === 'media.demo';

/**
 * Kinds that may be cancelled while running: their handler stops when its lease is lost (ffmpeg
 * is killed) and commits its result with the job's success in one transaction (ctx.finish), so a
 * cancelled run leaves nothing behind. The others write as they go (a feed sync's titles, demo
 * media's assets, reminders sent): stopping them half-way is not safe, so only a queued one is.
 */
export const stoppableWhileRunning = (kind: string): boolean => kind === TRANSCODE_JOB;

export interface JobSubject {
  label: string;
  titleId: string | null;
}

/** What each job works on, read for a whole page at once. */
export async function subjectsOf(db: Executor, jobs: Job[]): Promise<Map<string, JobSubject>> {
  const assetIds = jobs.filter((j) => j.type === TRANSCODE_JOB).map(assetOf);
  const videos = await transcodeSubjects(db, assetIds);
  return new Map(
    jobs.map((job) => {
      if (job.type === TRANSCODE_JOB) {
        const video = videos.get(assetOf(job));
        return [job.id, video ?? { label: `A video no title uses (${assetOf(job).slice(0, 8)})`, titleId: null }];
      }
      if (job.type === THIRD_PARTY_SYNC_JOB) {
        const feed = job.payload.feed;
        return [job.id, { label: typeof feed === 'string' ? `Feed ${feed}` : 'Every partner feed', titleId: null }];
      }
      return [job.id, { label: job.type === 'media.demo' ? 'The demo catalogue' : 'Scheduled run', titleId: null }];
    }),
  );
}

const assetOf = (job: Job): string => String(job.payload.assetId ?? '');
