import type { AdminTitle, TitleInput, TitleUpdate } from '@marquee/contract/admin';
import { useQueryClient } from '@tanstack/react-query';
import { adminQueryKey, useAdminMutation } from './admin-api-client';

/** Creates a title; lists are read again. */
export function useCreateTitle() {
  const queryClient = useQueryClient();
  return useAdminMutation('createTitle', {
    toCall: (body: TitleInput) => ({ body }),
    invalidates: ['titles'],
    onSuccess: (title) => queryClient.setQueryData(adminQueryKey('title', { id: title._id }), title),
  });
}

/** Saves a title's fields (with the `updatedAt` it was read at: a change made meanwhile is refused). */
export function useUpdateTitle() {
  const queryClient = useQueryClient();
  return useAdminMutation('updateTitle', {
    toCall: ({ id, body }: { id: string; body: TitleUpdate }) => ({ params: { id }, body }),
    invalidates: ['titles', 'categoryLayout'],
    onSuccess: (title) => setTitle(queryClient, title),
  });
}

export function setTitle(queryClient: ReturnType<typeof useQueryClient>, title: AdminTitle): void {
  queryClient.setQueryData(adminQueryKey('title', { id: title._id }), title);
}
