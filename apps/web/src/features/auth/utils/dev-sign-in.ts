/**
 * The development issuer's redirect round trip: the app sends the browser to the account chooser
 * with a nonce and a random state, and the chooser sends it back to /login with the ID token and
 * the same state in the URL fragment (OpenID Connect implicit flow, response_mode=fragment).
 */

const PENDING_KEY = 'marquee.sign-in';

interface PendingSignIn {
  state: string;
  nonce: string;
}

export interface SignInRedirect {
  idToken: string;
  state: string;
}

/** The chooser's URL for this attempt; the state and nonce are kept for the way back. */
export function devAuthorizeUrl(input: { authorizeUrl: string; nonce: string; redirectUri: string }): string {
  const state = randomState();
  const pending: PendingSignIn = { state, nonce: input.nonce };
  sessionStorage.setItem(PENDING_KEY, JSON.stringify(pending));
  const query = new URLSearchParams({ redirect_uri: input.redirectUri, nonce: input.nonce, state });
  return `${input.authorizeUrl}?${query}`;
}

/** The ID token and state in a `#id_token=…&state=…` fragment, if there are any. */
export function readSignInRedirect(hash: string): SignInRedirect | null {
  const fragment = new URLSearchParams(hash.startsWith('#') ? hash.slice(1) : hash);
  const idToken = fragment.get('id_token');
  if (!idToken) return null;
  return { idToken, state: fragment.get('state') ?? '' };
}

/**
 * The attempt this redirect answers, used up on reading so a fragment cannot be replayed. Null when
 * no attempt started here or the state differs (a forged or stale redirect).
 */
export function takePendingSignIn(state: string): PendingSignIn | null {
  const raw = sessionStorage.getItem(PENDING_KEY);
  sessionStorage.removeItem(PENDING_KEY);
  if (!raw || !state) return null;
  try {
    const pending = JSON.parse(raw) as Partial<PendingSignIn>;
    if (typeof pending.state !== 'string' || typeof pending.nonce !== 'string') return null;
    return pending.state === state ? { state: pending.state, nonce: pending.nonce } : null;
  } catch {
    return null;
  }
}

function randomState(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
