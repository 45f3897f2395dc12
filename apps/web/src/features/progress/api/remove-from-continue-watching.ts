import type { ContinueWatchingEntry } from '@marquee/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fetchApi } from '@/lib/api-client';
import { requireSessionToken, useCurrentSession } from '@/lib/session-store';
import { continueWatchingQueryKey } from './get-continue-watching';

export function removeFromContinueWatching(input: { token: string; titleId: string }) {
  return fetchApi('continueWatchingRemove', { token: input.token, body: { id: input.titleId } });
}

/**
 * Takes a title off the row at once (the card goes before the server answers), puts it back if
 * the server refuses, and re-reads the row either way.
 */
export function useRemoveFromContinueWatching() {
  const queryClient = useQueryClient();
  const queryKey = continueWatchingQueryKey(useCurrentSession()?.user._id ?? '');
  return useMutation({
    mutationKey: ['continueWatchingRemove'],
    mutationFn: (titleId: string) => removeFromContinueWatching({ token: requireSessionToken(), titleId }),
    onMutate: async (titleId) => {
      await queryClient.cancelQueries({ queryKey });
      const previous = queryClient.getQueryData<ContinueWatchingEntry[]>(queryKey);
      queryClient.setQueryData<ContinueWatchingEntry[]>(queryKey, (entries) => entries?.filter((entry) => entry.item._id !== titleId));
      return { previous };
    },
    onError: (_error, _titleId, context) => {
      if (context?.previous) queryClient.setQueryData(queryKey, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey }),
  });
}
