import type { ApiBody } from '@marquee/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fetchApi } from '@/lib/api-client';
import { requireSessionToken } from '@/lib/session-store';

export type RememberedLanguages = ApiBody<'profileLanguages'>;

export function rememberLanguages(input: { token: string; body: RememberedLanguages }) {
  return fetchApi('profileLanguages', { token: input.token, body: input.body });
}

/** Keeps the audio and subtitle languages chosen in the player on the profile, for the next title. */
export function useRememberLanguages() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['profileLanguages'],
    mutationFn: (body: RememberedLanguages) => rememberLanguages({ token: requireSessionToken(), body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['profiles'] }),
  });
}
