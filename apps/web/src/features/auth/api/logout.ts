import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { useSession } from '@/lib/session-store';

/** Revokes the session on the server. */
export function logout(token: string) {
  return callApi('logout', { token });
}

/**
 * behaviour.md §4: logout calls the server, then clears the user. The device forgets the session even when
 * the call fails: a viewer who asked to sign out must end up signed out.
 */
export function useLogout() {
  return useMutation({
    mutationKey: ['logout'],
    mutationFn: async () => {
      const session = useSession.getState().user;
      if (session) await logout(session.token);
    },
    onSettled: () => useSession.getState().logout(),
  });
}
