import type { ApiBody } from '@marquee/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fetchApi } from '@/lib/api-client';
import { replaceSessionUser, requireSessionToken } from '@/lib/session-store';

export type ProfileChanges = ApiBody<'updateProfile'>;

export function updateProfile(input: { token: string; body: ProfileChanges }) {
  return fetchApi('updateProfile', { token: input.token, body: input.body });
}

/** Saves the profile and puts the server's answer in the session store (behaviour.md §5). */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['updateProfile'],
    // A profile refresh still on its way must not land after this change and undo it.
    onMutate: () => queryClient.cancelQueries({ queryKey: ['profile'] }),
    mutationFn: (body: ProfileChanges) => updateProfile({ token: requireSessionToken(), body }),
    onSuccess: replaceSessionUser,
  });
}
