import type { Session } from '@marquee/contract';
import type { ApiError, ApiResult } from '@/lib/api-client';
import { login } from '../api/login';
import { signup } from '../api/signup';
import { readIdTokenClaims } from './id-token';

/** The server's answer to a login with a valid token of someone who has no account yet. */
export const USER_DOESNT_EXIST = "user doesn't exist";

/**
 * behaviour.md §4/§8: login; when the account does not exist, sign up with the identity provider's data
 * and log in again with the same token. Any other failure is returned as it is.
 */
export async function signInWithIdToken(idToken: string): Promise<ApiResult<Session>> {
  const first = await login(idToken);
  if (first[0] || !isUnknownUser(first[1])) return first;

  const claims = readIdTokenClaims(idToken);
  const [created, error] = await signup({ idToken, email: claims.email, name: claims.name, imageUrl: claims.picture });
  if (!created) return [false, error];
  return login(idToken);
}

function isUnknownUser(error: ApiError): boolean {
  return error.status === 400 && error.message === USER_DOESNT_EXIST;
}
