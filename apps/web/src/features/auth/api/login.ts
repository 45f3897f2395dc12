import { callApi } from '@/lib/api-client';

/** Exchanges a verified ID token for a session; 400 "user doesn't exist" when there is no account. */
export function login(idToken: string) {
  return callApi('login', { body: { idToken } });
}
