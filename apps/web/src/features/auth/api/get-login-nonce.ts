import { callApi } from '@/lib/api-client';

/**
 * A single-use nonce for the ID token request. Never cached: each sign-in attempt needs its own,
 * and the server consumes it when the login succeeds.
 */
export function getLoginNonce(signal?: AbortSignal) {
  return callApi('loginNonce', { signal });
}
