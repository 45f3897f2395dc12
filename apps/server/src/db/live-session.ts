import { and, gt, isNull, sql, type SQL } from 'drizzle-orm';
import { sessions } from './schema';

/** A session still signed in: not signed out, not past its lifetime, used within the idle limit (SESSION_IDLE_DAYS). */
export function sessionIsLive(idleMs: number): SQL {
  return and(isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`), gt(sessions.lastSeenAt, sql`now() - make_interval(secs => ${idleMs / 1000})`))!;
}
