import { useQuery } from '@tanstack/react-query';
import { fetchApi, userQueryKey } from '@/lib/api-client';
import { useCurrentSession } from '@/lib/session-store';

export const profilesQueryKey = (userId: string) => userQueryKey('profiles', userId);

export function getProfiles(input: { token: string; signal?: AbortSignal }) {
  return fetchApi('profiles', { token: input.token, signal: input.signal });
}

/** The account's profiles and the one this session watches as (null until chosen, with several). */
export function useProfiles() {
  const session = useCurrentSession();
  return useQuery({
    queryKey: profilesQueryKey(session?.user._id ?? ''),
    queryFn: ({ signal }) => getProfiles({ token: session!.token, signal }),
    enabled: session !== null,
  });
}
