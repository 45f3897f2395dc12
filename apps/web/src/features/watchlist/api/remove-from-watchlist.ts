import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fetchApi } from '@/lib/api-client';
import { requireSessionToken } from '@/lib/session-store';
import { recheckWatchlist } from './get-watchlist-membership';

export function removeFromWatchlist(input: { token: string; titleId: string }) {
  return fetchApi('watchlistRemove', { token: input.token, body: { id: input.titleId } });
}

export function useRemoveFromWatchlist(titleId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['watchlistRemove', titleId],
    mutationFn: () => removeFromWatchlist({ token: requireSessionToken(), titleId }),
    onSettled: () => recheckWatchlist(queryClient, titleId),
  });
}
