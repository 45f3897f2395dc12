import type { ApiBody } from '@marquee/contract';
import { callApi } from '@/lib/api-client';

/** Creates the account of an ID token (multipart, behaviour.md §7). The server trusts only the token's claims. */
export function signup(body: ApiBody<'signup'>) {
  return callApi('signup', { body });
}
