import type { JobPage, JobQuery } from '@marquee/contract/admin';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { adminQuery, useAdminMutation } from './admin-api-client';

/** How often the list is read again while a job on it runs or is due (its state and progress move). */
const POLL_MS = 3_000;

// Scheduled runs wait in the queue for hours: only a job due now makes the list worth reading again.
const moving = (page: JobPage | undefined) =>
  page?.items.some((job) => job.status === 'running' || (job.status === 'queued' && Date.parse(job.runAt) <= Date.now())) ?? false;

export function useJobs(query: JobQuery) {
  return useQuery({
    ...adminQuery('jobs', { query }),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (moving(q.state.data) ? POLL_MS : false),
  });
}

export function useRetryJob() {
  return useAdminMutation('retryJob', { toCall: ({ id }: { id: string }) => ({ params: { id } }), invalidates: ['jobs', 'videoTranscode', 'audit'] });
}

export function useCancelJob() {
  return useAdminMutation('cancelJob', { toCall: ({ id }: { id: string }) => ({ params: { id } }), invalidates: ['jobs', 'videoTranscode', 'audit'] });
}
