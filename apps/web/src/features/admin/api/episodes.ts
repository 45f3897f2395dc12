import type { EpisodeInput, Reorder } from '@marquee/contract/admin';
import { useQueryClient } from '@tanstack/react-query';
import { useAdminMutation } from './admin-api-client';
import { setTitle } from './save-title';

export function useAddEpisode() {
  const queryClient = useQueryClient();
  return useAdminMutation('addEpisode', {
    toCall: ({ titleId, body }: { titleId: string; body: EpisodeInput }) => ({ params: { id: titleId }, body }),
    onSuccess: (title) => setTitle(queryClient, title),
  });
}

export function useUpdateEpisode() {
  const queryClient = useQueryClient();
  return useAdminMutation('updateEpisode', {
    toCall: ({ id, body }: { id: string; body: EpisodeInput & { updatedAt: string } }) => ({ params: { id }, body }),
    onSuccess: (title) => setTitle(queryClient, title),
  });
}

export function useReorderEpisodes() {
  const queryClient = useQueryClient();
  return useAdminMutation('reorderEpisodes', {
    toCall: ({ titleId, body }: { titleId: string; body: Reorder }) => ({ params: { id: titleId }, body }),
    onSuccess: (title) => setTitle(queryClient, title),
  });
}
