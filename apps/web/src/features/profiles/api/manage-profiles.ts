import type { ApiBody } from '@marquee/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fetchApi } from '@/lib/api-client';
import { requireSessionToken } from '@/lib/session-store';

export type NewProfile = ApiBody<'profileCreate'>;

export function createProfile(input: { token: string; body: NewProfile }) {
  return fetchApi('profileCreate', { token: input.token, body: input.body });
}

export function deleteProfile(input: { token: string; profileId: string }) {
  return fetchApi('profileDelete', { token: input.token, params: { id: input.profileId } });
}

export function changePin(input: { token: string; body: ApiBody<'profilePin'> }) {
  return fetchApi('profilePin', { token: input.token, body: input.body });
}

const refreshProfiles = (queryClient: ReturnType<typeof useQueryClient>) => queryClient.invalidateQueries({ queryKey: ['profiles'] });

export function useCreateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['profileCreate'],
    mutationFn: (body: NewProfile) => createProfile({ token: requireSessionToken(), body }),
    onSuccess: () => refreshProfiles(queryClient),
  });
}

export function useDeleteProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['profileDelete'],
    mutationFn: (profileId: string) => deleteProfile({ token: requireSessionToken(), profileId }),
    onSuccess: () => refreshProfiles(queryClient),
  });
}

export function useChangePin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['profilePin'],
    mutationFn: (body: ApiBody<'profilePin'>) => changePin({ token: requireSessionToken(), body }),
    onSuccess: () => refreshProfiles(queryClient),
  });
}
