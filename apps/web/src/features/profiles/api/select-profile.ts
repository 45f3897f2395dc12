import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fetchApi, isUserQueryKey } from '@/lib/api-client';
import { announceProfileSwitch } from '@/lib/profile-switches';
import { requireSessionToken, useCurrentSession } from '@/lib/session-store';
import { profilesQueryKey } from './get-profiles';

export function selectProfile(input: { token: string; profileId: string; pin?: string }) {
  return fetchApi('profileSelect', { token: input.token, params: { id: input.profileId }, body: input.pin ? { pin: input.pin } : {} });
}

/**
 * Watch as another profile. Every answer made for the previous profile (watchlist, Continue
 * Watching, rows filtered by its age limit) is dropped and fetched again, and the browser's other
 * tabs are told: a player there asks at once whether the new profile may go on watching.
 */
export function useSelectProfile() {
  const queryClient = useQueryClient();
  const session = useCurrentSession();
  return useMutation({
    mutationKey: ['profileSelect'],
    mutationFn: (input: { profileId: string; pin?: string }) => selectProfile({ token: requireSessionToken(), ...input }),
    onSuccess: async (answer) => {
      queryClient.setQueryData(profilesQueryKey(session?.user._id ?? ''), answer);
      announceProfileSwitch();
      await queryClient.resetQueries({ predicate: (query) => isUserQueryKey(query.queryKey) && query.queryKey[0] !== 'profiles' });
    },
  });
}
