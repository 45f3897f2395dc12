import { lazy, Suspense } from 'react';
import { useAuthConfig } from '../api/get-auth-config';
import { GoogleSignInButton } from './google-sign-in-button';
import { useSignIn, useSignInRedirect, useStartDevSignIn } from '../hooks/use-sign-in';

const GoogleIdentityButton = lazy(() => import('./google-identity-button'));

const buttonPlaceholder = <div aria-hidden="true" className="h-11 w-60 animate-pulse rounded-full bg-white/10" />;

/**
 * The sign-in button for the configured provider and the state of an attempt. A failed attempt
 * leaves only a quiet hint (behaviour.md §8: sign-in errors are swallowed).
 */
export function SignInPanel() {
  const config = useAuthConfig();
  const signIn = useSignIn();
  useSignInRedirect(signIn.mutate);

  if (signIn.isPending || signIn.isSuccess) {
    return (
      <p role="status" className="flex items-center justify-center gap-3 text-sm text-zinc-300">
        <span aria-hidden="true" className="size-5 animate-spin rounded-full border-2 border-zinc-700 border-t-amber-400" />
        Signing you in…
      </p>
    );
  }

  return (
    <div className="flex flex-col items-center gap-4">
      {config.data?.provider === 'google' ? (
        <Suspense fallback={buttonPlaceholder}>
          {/* A new mount after each attempt fetches a fresh nonce. */}
          <GoogleIdentityButton key={signIn.submittedAt} clientId={config.data.clientId} onCredential={signIn.mutate} />
        </Suspense>
      ) : config.data ? (
        <DevSignIn authorizeUrl={config.data.authorizeUrl} />
      ) : config.isError ? (
        <p role="alert" className="text-sm font-medium text-red-300">
          Sign-in is unavailable right now. Please try again later.
        </p>
      ) : (
        buttonPlaceholder
      )}
      {/* A hint, not an alert (behaviour.md §8 swallows sign-in errors), yet as legible as any error text. */}
      {signIn.isError && (
        <p className="text-sm font-medium text-red-300">
          Sign-in did not complete. Please try again.
        </p>
      )}
    </div>
  );
}

function DevSignIn({ authorizeUrl }: { authorizeUrl: string | null }) {
  const start = useStartDevSignIn(authorizeUrl);
  const busy = start.isPending || start.isSuccess;
  return (
    <>
      <GoogleSignInButton label="Sign in with Google (dev)" disabled={busy || !authorizeUrl} onClick={() => start.mutate()} />
      <p className="text-xs text-zinc-400">
        Development sign-in: choose any name and email on the next page; no Google account is used.
      </p>
      {start.isError && (
        <p role="alert" className="text-sm font-medium text-red-300">
          Sign-in could not start. Please try again.
        </p>
      )}
    </>
  );
}
