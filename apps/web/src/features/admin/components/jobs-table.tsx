import type { AdminJob, JobStatus } from '@marquee/contract/admin';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { adminPaths } from '@/config/admin-paths';
import { cn } from '@/lib/cn';
import { useCancelJob, useRetryJob } from '../api/jobs';
import { formatWhen } from '../utils/format';
import { FormMessage } from './fields';

/** What each state is called on the page: a job that succeeded is "finished". */
export const jobStateLabels: Record<JobStatus, string> = { queued: 'Queued', running: 'Running', succeeded: 'Finished', failed: 'Failed', cancelled: 'Cancelled' };

const stateTone: Record<JobStatus, string> = {
  queued: 'bg-zinc-700 text-zinc-100',
  running: 'bg-sky-900 text-sky-100',
  succeeded: 'bg-emerald-900 text-emerald-100',
  failed: 'bg-red-900 text-red-100',
  cancelled: 'bg-zinc-800 text-zinc-300',
};

/** The jobs of one page; editors and admins get Retry and Cancel where the job allows them. */
export function JobsTable({ jobs, canAct }: { jobs: AdminJob[]; canAct: boolean }) {
  if (jobs.length === 0) return <p className="text-zinc-400">No jobs match.</p>;
  return (
    <ul aria-label="Jobs" className="flex flex-col gap-2">
      {jobs.map((job) => (
        <JobRow key={job._id} job={job} canAct={canAct} />
      ))}
    </ul>
  );
}

function JobRow({ job, canAct }: { job: AdminJob; canAct: boolean }) {
  const retry = useRetryJob();
  const cancel = useCancelJob();
  const failure = retry.error ?? cancel.error;
  return (
    <li aria-label={`${job.kindLabel}: ${job.subject.label}`} className="flex flex-col gap-2 rounded-lg bg-zinc-900/60 px-3 py-2 text-sm">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className={cn('rounded px-2 py-0.5 text-xs font-semibold', stateTone[job.status])}>{jobStateLabels[job.status]}</span>
        <span className="font-medium text-white">{job.kindLabel}</span>
        {job.subject.titleId ? (
          <Link to={adminPaths.title.href(job.subject.titleId)} className="text-amber-300 underline-offset-2 hover:underline">
            {job.subject.label}
          </Link>
        ) : (
          <span className="text-zinc-300">{job.subject.label}</span>
        )}
        {canAct && (job.canRetry || job.canCancel) && (
          <span className="ml-auto flex gap-2">
            {job.canRetry && (
              <Button size="sm" variant="secondary" disabled={retry.isPending} onClick={() => retry.mutate({ id: job._id })}>
                Retry
              </Button>
            )}
            {job.canCancel && (
              <Button size="sm" variant="secondary" disabled={cancel.isPending} onClick={() => cancel.mutate({ id: job._id })}>
                Cancel
              </Button>
            )}
          </span>
        )}
      </div>
      {job.status === 'running' && job.progress !== null && (
        <div role="progressbar" aria-label="Progress" aria-valuemin={0} aria-valuemax={100} aria-valuenow={job.progress} className="h-1.5 w-full max-w-md overflow-hidden rounded bg-zinc-800">
          <div className="h-full bg-sky-400" style={{ width: `${job.progress}%` }} />
        </div>
      )}
      <p className="text-xs text-zinc-400">
        Attempt {job.attempts} of {job.maxAttempts}
        {job.status === 'running' && job.progress !== null && ` · ${job.progress}%`} · queued {formatWhen(job.createdAt)}
        {job.status === 'queued' && ` · runs ${formatWhen(job.runAt)}`}
        {job.finishedAt && ` · ${jobStateLabels[job.status].toLowerCase()} ${formatWhen(job.finishedAt)}`}
      </p>
      {job.lastError && (
        <pre aria-label="Last error" className="max-h-32 overflow-auto rounded bg-black/60 p-2 text-xs whitespace-pre-wrap text-red-200">
          {job.lastError}
        </pre>
      )}
      {failure && <FormMessage tone="error">{failure.message}</FormMessage>}
    </li>
  );
}
