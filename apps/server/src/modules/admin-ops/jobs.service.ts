import type { AdminJob, JobPage, JobStatus } from '@marquee/contract/admin';
import type { Executor } from '../../db/client';
import { cancel, getJob, listJobPage, listJobTypes, pendingJobId, requeue, type Job } from '../../jobs/queue';
import { ConflictError, NotFoundError } from '../../lib/domain-errors';
import { recordAudit, type Actor } from '../audit/audit.service';
import { transcodeCancelled, transcodeRequeued } from '../ingest/attach.service';
import { TRANSCODE_JOB } from '../ingest/ingest.service';
import { kindLabel, reportsProgress, stoppableWhileRunning, subjectsOf, type JobSubject } from './job-kinds';

export async function listJobs(db: Executor, query: { status?: JobStatus | undefined; kind?: string | undefined; page: number; pageSize: number }): Promise<JobPage> {
  const { page, pageSize } = query;
  const { rows, total } = await listJobPage(db, { status: query.status, type: query.kind, limit: pageSize, offset: (page - 1) * pageSize });
  const subjects = await subjectsOf(db, rows);
  const kinds = (await listJobTypes(db)).map((kind) => ({ kind, label: kindLabel(kind) }));
  return { items: rows.map((job) => jobView(job, subjects.get(job.id)!)), total, page, pageSize, kinds };
}

/** Queues a job that failed for good again; a failed transcode's video waits for it again. */
export async function retryJob(db: Executor, input: { id: string; actor: Actor }): Promise<AdminJob> {
  const retried = await db.transaction(async (tx) => {
    const job = await findJob(tx, input.id);
    if (job.status !== 'failed') throw new ConflictError(`Only a failed job can be retried: this one is ${stateWords[job.status]}`);
    if (job.dedupeKey && (await pendingJobId(tx, job.dedupeKey))) throw new ConflictError('A newer run of this job is already queued or running');
    const queued = await requeue(tx, job.id);
    if (!queued) throw new ConflictError('This job changed meanwhile: reload the list');
    if (job.type === TRANSCODE_JOB) await transcodeRequeued(tx, { payload: job.payload });
    const subject = await subjectOf(tx, job);
    await recordAudit(tx, {
      actor: input.actor,
      action: 'job.retry',
      entityType: 'job',
      entityId: job.id,
      summary: `Queued the failed ${kindLabel(job.type).toLowerCase()} of ${subject.label} again`,
      before: { status: job.status, attempts: job.attempts, lastError: job.lastError },
      after: { status: queued.status, attempts: queued.attempts },
    });
    return { job: queued, subject };
  });
  return jobView(retried.job, retried.subject);
}

/**
 * Cancels a queued job, or a running one of a kind that can be stopped safely (job-kinds.ts). A
 * cancelled transcode leaves its video failed, with the reason, for Retry transcode.
 */
export async function cancelJob(db: Executor, input: { id: string; actor: Actor }): Promise<AdminJob> {
  const cancelled = await db.transaction(async (tx) => {
    const job = await findJob(tx, input.id);
    if (job.status !== 'queued' && job.status !== 'running') throw new ConflictError(`This job has already ${endedWords[job.status]}: there is nothing to cancel`);
    const includeRunning = stoppableWhileRunning(job.type);
    if (job.status === 'running' && !includeRunning) {
      throw new ConflictError(`A running ${kindLabel(job.type).toLowerCase()} cannot be stopped safely (it writes as it goes): let it finish`);
    }
    const row = await cancel(tx, { id: job.id, includeRunning });
    if (!row) throw new ConflictError('This job started or ended meanwhile: reload the list');
    if (job.type === TRANSCODE_JOB) await transcodeCancelled(tx, { payload: job.payload, by: input.actor.name || input.actor.email });
    const subject = await subjectOf(tx, job);
    await recordAudit(tx, {
      actor: input.actor,
      action: 'job.cancel',
      entityType: 'job',
      entityId: job.id,
      summary: `Cancelled the ${job.status} ${kindLabel(job.type).toLowerCase()} of ${subject.label}`,
      before: { status: job.status, attempts: job.attempts, progress: job.progress },
      after: { status: row.status },
    });
    return { job: row, subject };
  });
  return jobView(cancelled.job, cancelled.subject);
}

async function findJob(db: Executor, id: string): Promise<Job> {
  const job = await getJob(db, id);
  if (!job) throw new NotFoundError('Job');
  return job;
}

async function subjectOf(db: Executor, job: Job): Promise<JobSubject> {
  return (await subjectsOf(db, [job])).get(job.id)!;
}

function jobView(job: Job, subject: JobSubject): AdminJob {
  return {
    _id: job.id,
    kind: job.type,
    kindLabel: kindLabel(job.type),
    subject,
    status: job.status,
    attempts: job.attempts,
    maxAttempts: job.maxAttempts,
    progress: reportsProgress(job.type) ? job.progress : null,
    lastError: job.lastError,
    createdAt: job.createdAt.toISOString(),
    runAt: job.runAt.toISOString(),
    updatedAt: job.updatedAt.toISOString(),
    finishedAt: job.finishedAt?.toISOString() ?? null,
    canRetry: job.status === 'failed',
    canCancel: job.status === 'queued' || (job.status === 'running' && stoppableWhileRunning(job.type)),
  };
}

const stateWords: Record<JobStatus, string> = { queued: 'queued', running: 'running', succeeded: 'finished', failed: 'failed', cancelled: 'cancelled' };
const endedWords: Record<JobStatus, string> = { ...stateWords, cancelled: 'been cancelled' };
