import type { WatchlistKind } from '@marquee/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fetchApi } from '@/lib/api-client';
import { requireSessionToken } from '@/lib/session-store';
import { recheckWatchlist } from './get-watchlist-membership';

export function addToWatchlist(input: { token: string; titleId: string; kind: WatchlistKind }) {
  return fetchApi('watchlistAdd', { token: input.token, body: { id: input.titleId, type: input.kind } });
}

export function useAddToWatchlist(title: { id: string; kind: WatchlistKind }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['watchlistAdd', title.id],
    mutationFn: () => addToWatchlist({ token: requireSessionToken(), titleId: title.id, kind: title.kind }),
    onSettled: () => recheckWatchlist(queryClient, title.id),
  });
}
