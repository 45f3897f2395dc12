import type { Session } from '@marquee/contract';
import { eq } from 'drizzle-orm';
import { sha256Hex } from '../src/lib/sha256';
import { sessions } from '../src/db/schema';
import type { TestContext } from './test-app';

/** Who signs in through the development issuer; `staffKey`: the operators' key, typed on a staging site. */
export interface DevPerson {
  email: string;
  name?: string;
  staffKey?: string;
}

/** A fresh nonce and a development-issuer ID token carrying it. */
export async function devIdToken(ctx: TestContext, person: DevPerson): Promise<string> {
  const { nonce } = (await ctx.app.inject('/user/login/nonce')).json();
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/dev-idp/token',
    payload: { email: person.email, name: person.name ?? person.email.split('@')[0], nonce, ...(person.staffKey ? { staffKey: person.staffKey } : {}) },
  });
  return res.json().id_token;
}

/** The sign-in of behaviour.md §8: login, "user doesn't exist", signup, login again. Returns the session. */
export async function signIn(ctx: TestContext, person: DevPerson): Promise<Session> {
  const idToken = await devIdToken(ctx, person);
  const first = await ctx.app.inject({ method: 'POST', url: '/user/login', payload: { idToken } });
  if (first.statusCode === 200) return first.json();
  await ctx.app.inject({ method: 'POST', url: '/user/signup', payload: { idToken } });
  const second = await ctx.app.inject({ method: 'POST', url: '/user/login', payload: { idToken } });
  if (second.statusCode !== 200) throw new Error(`sign-in failed: ${second.body}`);
  return second.json();
}

export const bearer = (session: Session) => ({ authorization: `Bearer ${session.token}` });

/** The id of a session (what signed playback links are bound to), from its token. */
export async function sessionIdOf(ctx: TestContext, session: Session): Promise<string> {
  const [row] = await ctx.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.tokenHash, sha256Hex(session.token)));
  return row!.id;
}
