import { useQuery } from '@tanstack/react-query';
import { fetchApi, userQueryKey } from '@/lib/api-client';
import { replaceSessionUser, useCurrentSession } from '@/lib/session-store';

export const profileQueryKey = (userId: string) => userQueryKey('profile', userId);

export function getProfile(input: { token: string; signal?: AbortSignal }) {
  return fetchApi('profile', { token: input.token, signal: input.signal });
}

/**
 * The profile as the server has it now (it may have changed on another device). The answer
 * replaces the stored user, which is what the pages show.
 */
export function useProfileRefresh() {
  const session = useCurrentSession();
  return useQuery({
    queryKey: profileQueryKey(session?.user._id ?? ''),
    queryFn: async ({ signal }) => {
      const user = await getProfile({ token: session!.token, signal });
      replaceSessionUser(user);
      return user;
    },
    enabled: session !== null,
    staleTime: 0,
  });
}
