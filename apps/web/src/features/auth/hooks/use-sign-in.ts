import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session-store';
import { getLoginNonce } from '../api/get-login-nonce';
import { devAuthorizeUrl, readSignInRedirect, takePendingSignIn } from '../utils/dev-sign-in';
import { readIdTokenClaims } from '../utils/id-token';
import { redirectTo } from '../utils/redirect';
import { signInWithIdToken } from '../utils/sign-in-flow';

/** Turns an ID token into a stored session, then goes home (behaviour.md §4). Failures stay quiet (behaviour.md §8). */
export function useSignIn() {
  const updateUser = useSession((state) => state.updateUser);
  const navigate = useNavigate();
  return useMutation({
    mutationKey: ['signIn'],
    mutationFn: async (idToken: string) => {
      const [ok, data] = await signInWithIdToken(idToken);
      if (!ok) throw data;
      return data;
    },
    onSuccess: (session) => {
      updateUser(session);
      void navigate(paths.home.href(), { replace: true });
    },
  });
}

/** Dev mode: fetches a nonce and sends the browser to the development issuer's account chooser. */
export function useStartDevSignIn(authorizeUrl: string | null) {
  const mutation = useMutation({
    mutationKey: ['startDevSignIn'],
    mutationFn: async () => {
      if (!authorizeUrl) throw new Error('Sign-in is not configured');
      const [ok, data] = await getLoginNonce();
      if (!ok) throw data;
      redirectTo(devAuthorizeUrl({ authorizeUrl, nonce: data.nonce, redirectUri: paths.login.href() }));
    },
  });
  const { reset } = mutation;

  // Coming back with the browser's Back button restores this page from the back/forward cache,
  // still showing 'redirecting'.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) reset();
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, [reset]);

  return mutation;
}

/**
 * Dev mode, on the way back: takes the ID token out of the `#id_token=…&state=…` fragment, removes
 * it from the address bar, and hands it on only if it answers the attempt started here (state and
 * nonce match). Anything else is ignored.
 */
export function useSignInRedirect(onIdToken: (idToken: string) => void) {
  const { hash, pathname, search } = useLocation();
  const navigate = useNavigate();

  useEffect(() => {
    const redirect = readSignInRedirect(hash);
    if (!redirect) return;
    void navigate({ pathname, search }, { replace: true });
    // Used up on reading: a second run (or a replayed fragment) finds nothing pending.
    const pending = takePendingSignIn(redirect.state);
    if (!pending || readIdTokenClaims(redirect.idToken).nonce !== pending.nonce) return;
    onIdToken(redirect.idToken);
  }, [hash, pathname, search, navigate, onIdToken]);
}
