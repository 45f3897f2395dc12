import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { NAME_FORBIDDEN, NAME_MAX, personName, type Session, type User } from '@marquee/contract';
import type { AuthConfig } from '../../config';
import type { Executor } from '../../db/client';
import { BadRequestError, ForbiddenError, UnauthorizedError } from '../../lib/domain-errors';
import { sha256Hex } from '../../lib/sha256';
import type { RateLimiter } from '../../plugins/rate-limit';
import { notifyUser } from '../notifications/notifications.service';
import { viewerAccessOf, type ViewerAccess } from '../playback/entitlement.service';
import { releaseSessionStreams } from '../playback/streams.service';
import { profileAtSignIn, sessionProfile, type ProfileRecord } from '../profiles/profiles.service';
import * as repo from './auth.repository';
import { IdTokenError, type VerifiedIdentity, type VerifyIdToken } from './id-token-verifier';

export const USER_DOESNT_EXIST = "user doesn't exist";
export const ACCOUNT_SUSPENDED = 'This account is suspended. Write to support to have it looked at.';
const NONCE_LIFETIME_MS = 10 * 60 * 1000;

export interface AuthDeps {
  db: Executor;
  config: AuthConfig;
  verifyIdToken: VerifyIdToken;
  limiter: RateLimiter;
  log: FastifyBaseLogger;
}

/** The signed-in viewer of a request: their live session, account and the profile watching. */
export interface Viewer {
  sessionId: string;
  user: repo.UserRecord;
  /** The profile chosen on this session; null on an account with several until one is chosen. */
  profile: ProfileRecord | null;
  /** The highest age limit of a title this viewer may see or play (null: no limit). */
  ageLimit: number | null;
  /** When the account last saved progress (ms since the epoch; null: never): what its personal rows are kept against. */
  watchedAt: number | null;
  /** What the account holds as of this request (subscription, rentals), read with the session. */
  access: ViewerAccess;
}

/** Last-seen is written at most this often per session, not on every request. */
const TOUCH_INTERVAL_MS = 5 * 60 * 1000;

/**
 * The viewer a bearer token belongs to, or null when the session is unknown, revoked, idle or expired.
 * `named`: the lookup may be a named statement, parsed and planned once per connection.
 * `staffNeedsKey` (config): a session without staff rights acts as a viewer whatever the account's role.
 */
export async function viewerOfToken(db: Executor, input: { token: string; idleMs: number; named?: boolean; staffNeedsKey?: boolean }): Promise<Viewer | null> {
  const session = await repo.findLiveSession(db, { tokenHash: sha256Hex(input.token), idleMs: input.idleMs, named: input.named ?? false });
  if (!session) return null;
  if (Date.now() - session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) await repo.touchSession(db, session.sessionId);
  const current = await sessionProfile(db, { sessionId: session.sessionId, user: session.user, chosen: session.profile });
  const staff = !input.staffNeedsKey || session.staffRights;
  return {
    sessionId: session.sessionId,
    user: staff ? session.user : { ...session.user, role: 'viewer' },
    watchedAt: session.watchedAt === null ? null : Number(session.watchedAt),
    access: viewerAccessOf(session),
    ...current,
  };
}

export async function issueNonce(db: Executor): Promise<{ nonce: string }> {
  const nonce = randomBytes(24).toString('base64url');
  await repo.insertNonce(db, { nonceHash: sha256Hex(nonce), expiresAt: new Date(Date.now() + NONCE_LIFETIME_MS) });
  return { nonce };
}

/**
 * Login (behaviour.md §8): a verified ID token of an existing account opens a new session and consumes the
 * token's nonce; an unknown account gets "user doesn't exist" (the client then signs up, and logs
 * in again with the same token, whose nonce is still unused).
 */
export async function login(deps: AuthDeps, input: { idToken: string; email?: string; ip: string }): Promise<Session> {
  const identity = await verifiedIdentity(deps, input);
  await deps.limiter.consume(`login:account:${identity.issuer}|${identity.subject}`, accountRule(deps.config));
  const user = await repo.findUserByIdentity(deps.db, identity);
  if (!user) throw new BadRequestError(USER_DOESNT_EXIST);
  if (user.suspendedAt) throw new ForbiddenError(ACCOUNT_SUSPENDED);
  if (!(await repo.consumeNonce(deps.db, sha256Hex(identity.nonce)))) throw signInExpired();

  const updated = await repo.updateUserFromIdentity(deps.db, {
    id: user.id,
    email: identity.email,
    ...roleAtSignIn(deps.config, { ...user, email: identity.email }),
  });
  const token = randomBytes(32).toString('base64url');
  // On staging anyone may sign in as anyone: staff rights come with the operators' key only.
  const staffRights = !deps.config.staffNeedsKey || identity.staffKey;
  await repo.insertSession(deps.db, {
    userId: user.id,
    profileId: await profileAtSignIn(deps.db, updated),
    tokenHash: sha256Hex(token),
    expiresAt: new Date(Date.now() + deps.config.sessionMaxMs),
    staffRights,
  });
  return { token, loginWith: 'email', user: toUser(staffRights ? updated : { ...updated, role: 'viewer' }) };
}

/** Creates the account of a verified token. Name, email and picture come from the token only. */
export async function signup(deps: AuthDeps, input: { idToken: string; email?: string; ip: string }): Promise<{ message: string }> {
  const identity = await verifiedIdentity(deps, input);
  if (await repo.findUserByIdentity(deps.db, identity)) return { message: 'Account already exists' };
  const created = await repo.insertUser(deps.db, {
    issuer: identity.issuer,
    subject: identity.subject,
    email: identity.email,
    name: nameFromToken(identity),
    image: identity.picture,
    ...roleAtSignIn(deps.config, { email: identity.email, role: 'viewer', roleSource: 'default' }),
  });
  // A concurrent signup with the same token may have won the insert: that account is the same person.
  if (created) {
    await notifyUser(deps.db, {
      userId: created.id,
      title: `Welcome to Marquee, ${created.name}`,
      description:
        'Your account is ready. Add titles to your watchlist, pick a plan to watch everything, or rent a single title.',
    });
  }
  return { message: 'Account created' };
}

export async function logout(db: Executor, sessionId: string): Promise<{ message: string }> {
  await db.transaction(async (tx) => {
    await repo.revokeSession(tx, sessionId);
    await releaseSessionStreams(tx, sessionId);
  });
  return { message: 'Signed out' };
}

export function toUser(user: repo.UserRecord): User {
  return {
    _id: user.id,
    name: user.name,
    email: user.email,
    phoneNumber: user.phoneNumber,
    dob: user.dob ?? '',
    image: user.image,
    role: user.role,
  };
}

async function verifiedIdentity(deps: AuthDeps, input: { idToken: string; email?: string; ip: string }): Promise<VerifiedIdentity> {
  let identity: VerifiedIdentity;
  try {
    identity = await deps.verifyIdToken(input.idToken);
  } catch (error) {
    if (!(error instanceof IdTokenError)) throw error;
    deps.log.warn({ reason: error.message, ip: input.ip }, 'sign-in rejected');
    throw new UnauthorizedError('Sign-in failed: the ID token could not be verified');
  }
  if (input.email !== undefined && input.email.trim().toLowerCase() !== identity.email) {
    throw new BadRequestError('email does not match the ID token');
  }
  if (!(await repo.findUsableNonce(deps.db, sha256Hex(identity.nonce)))) throw signInExpired();
  return identity;
}

/**
 * The token's name made to follow the profile's name rule (personName): the characters the rule
 * forbids are dropped rather than refusing the sign-up, since a viewer cannot change what their
 * identity provider sends. An empty result falls back to the email's local part.
 */
export function nameFromToken(identity: Pick<VerifiedIdentity, 'name' | 'email'>): string {
  for (const candidate of [identity.name, identity.email.split('@')[0] ?? '']) {
    const cleaned = candidate.replace(NAME_FORBIDDEN, '').replace(/\s+/g, ' ').trim().slice(0, NAME_MAX).trim();
    if (personName.safeParse(cleaned).success) return cleaned;
  }
  return 'Viewer';
}

const signInExpired = () => new UnauthorizedError('Sign-in expired or already used. Please sign in again.');
const accountRule = (config: AuthConfig) => ({ limit: config.loginLimit.perAccount, windowSeconds: config.loginLimit.windowSeconds });
/**
 * ADMIN_EMAILS makes an account admin at every sign-in; taken off the list, an account it made
 * admin goes back to viewer. A role an admin gave in the console is kept.
 */
function roleAtSignIn(config: AuthConfig, user: Pick<repo.UserRecord, 'email' | 'role' | 'roleSource'>): Pick<repo.UserRecord, 'role' | 'roleSource'> {
  if (config.adminEmails.includes(user.email)) return { role: 'admin', roleSource: 'config' };
  if (user.roleSource === 'config') return { role: 'viewer', roleSource: 'default' };
  return { role: user.role, roleSource: user.roleSource };
}
