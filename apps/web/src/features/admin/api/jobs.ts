import type { JobPage, JobQuery } from '@marquee/contract/admin';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { adminQuery, useAdminMutation } from './admin-api-client';

/** How often the list is read again while a job on it waits or runs (its progress moves). */
const POLL_MS = 3_000;

const moving = (page: JobPage | undefined) => page?.items.some((job) => job.status === 'queued' || job.status === 'running') ?? false;

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
