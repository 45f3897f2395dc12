import type { PartnerFeed } from '@marquee/contract/admin';
import { useQuery } from '@tanstack/react-query';
import { adminQuery, useAdminMutation } from './admin-api-client';

/** How often the feeds are read again while a sync waits or runs (its progress moves). */
const POLL_MS = 2_000;

const syncing = (feeds: PartnerFeed[] | undefined) =>
  feeds?.some((feed) => feed.progress !== null || feed.sync?.status === 'queued' || feed.sync?.status === 'running') ?? false;

export function useFeeds() {
  return useQuery({ ...adminQuery('feeds'), refetchInterval: (q) => (syncing(q.state.data?.items) ? POLL_MS : false) });
}

export function useSyncFeed() {
  return useAdminMutation('syncFeed', { toCall: ({ name }: { name: string }) => ({ params: { name } }), invalidates: ['feeds', 'jobs', 'audit'] });
}
