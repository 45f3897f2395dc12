import type { ApiBody } from '@marquee/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { callApi } from '@/lib/api-client';
import { useCurrentSession } from '@/lib/session-store';
import { continueWatchingQueryKey } from './get-continue-watching';

export type ProgressUpdate = ApiBody<'saveProgress'>;

/**
 * `keepalive`: the last save is often sent while the page is being closed or left, and must
 * outlive it. A failed save is not shown: the next one, ten seconds later, carries the same news.
 */
export function saveProgress(input: { token: string; update: ProgressUpdate }) {
  return callApi('saveProgress', { token: input.token, body: input.update, keepalive: true });
}

/**
 * For a signed-in viewer, a function that saves where they are; undefined for a visitor. After a
 * save, Continue Watching is refetched and cached title pages and categories are marked stale (not refetched: the
 * page being watched keeps its links), so the next visit resumes from the new position.
 */
export function useSaveProgress(): ((update: ProgressUpdate) => void) | undefined {
  const session = useCurrentSession();
  const queryClient = useQueryClient();
  const token = session?.token;
  const userId = session?.user._id;
  const save = useCallback(
    (update: ProgressUpdate) => {
      if (!token || !userId) return;
      void saveProgress({ token, update }).then(([ok]) => {
        if (!ok) return;
        void queryClient.invalidateQueries({ queryKey: continueWatchingQueryKey(userId) });
        // Home's personal rows come with the category ('Because you watched' follows this title).
        void queryClient.invalidateQueries({ queryKey: ['categoryData'], refetchType: 'none' });
        void queryClient.invalidateQueries({ queryKey: ['movie'], refetchType: 'none' });
        void queryClient.invalidateQueries({ queryKey: ['series'], refetchType: 'none' });
      });
    },
    [token, userId, queryClient],
  );
  return token ? save : undefined;
}
