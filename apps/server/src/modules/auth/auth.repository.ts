import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { sessionIsLive } from '../../db/live-session';
import { perDatabase } from '../../db/per-database';
import { heldBy } from '../../db/viewer-access';
import { loginNonces, profiles, sessions, users, watchProgress } from '../../db/schema';

export type UserRecord = typeof users.$inferSelect;

export async function insertNonce(db: Executor, input: { nonceHash: string; expiresAt: Date }): Promise<void> {
  await db.insert(loginNonces).values(input);
  // Housekeeping: nonces past their expiry are useless; drop some on each issue.
  await db.delete(loginNonces).where(lt(loginNonces.expiresAt, sql`now() - interval '1 day'`));
}

export async function findUsableNonce(db: Executor, nonceHash: string) {
  const [row] = await db
    .select({ nonceHash: loginNonces.nonceHash })
    .from(loginNonces)
    .where(and(eq(loginNonces.nonceHash, nonceHash), isNull(loginNonces.consumedAt), gt(loginNonces.expiresAt, sql`now()`)));
  return row;
}

/** Consumes a nonce atomically: true for exactly one caller. */
export async function consumeNonce(db: Executor, nonceHash: string): Promise<boolean> {
  const rows = await db
    .update(loginNonces)
    .set({ consumedAt: sql`now()` })
    .where(and(eq(loginNonces.nonceHash, nonceHash), isNull(loginNonces.consumedAt), gt(loginNonces.expiresAt, sql`now()`)))
    .returning({ nonceHash: loginNonces.nonceHash });
  return rows.length === 1;
}

export async function findUserByIdentity(db: Executor, identity: { issuer: string; subject: string }) {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.issuer, identity.issuer), eq(users.subject, identity.subject)));
  return row;
}

export async function insertUser(db: Executor, values: typeof users.$inferInsert) {
  const [row] = await db.insert(users).values(values).onConflictDoNothing().returning();
  return row;
}

export async function updateUserFromIdentity(
  db: Executor,
  input: { id: string; email: string; role: UserRecord['role']; roleSource: UserRecord['roleSource'] },
): Promise<UserRecord> {
  const [row] = await db
    .update(users)
    .set({ email: input.email, role: input.role, roleSource: input.roleSource, updatedAt: sql`now()` })
    .where(eq(users.id, input.id))
    .returning();
  return row!;
}

export async function insertSession(db: Executor, input: { userId: string; profileId: string | null; tokenHash: string; expiresAt: Date; staffRights: boolean }) {
  await db.insert(sessions).values(input);
}

/**
 * When the account last saved progress (ms since the epoch, null: never), read with the session:
 * personal rows kept for a profile are rebuilt when it moves, on whichever node it was saved.
 */
const lastWatchedAt = sql<number | null>`(select (extract(epoch from max(${watchProgress.updatedAt})) * 1000)::float8 from ${watchProgress} where ${watchProgress.userId} = ${sessions.userId})`;

/**
 * The live session of a token hash with its user, or undefined when unknown, revoked, idle or
 * expired; with what its account holds (subscription, rentals: db/viewer-access.ts), so a signed-in
 * catalogue answer costs this one statement. Built once per database and idle limit, not per
 * request. `named`: sent as a named statement, which the server parses and plans once per
 * connection (on the embedded database that is most of its cost); not through a pooler in
 * transaction mode (docs/operations.md), which does not keep a connection's statements for us.
 */
export async function findLiveSession(db: Executor, input: { tokenHash: string; idleMs: number; named: boolean }) {
  const [row] = await liveSessionQuery(db, input).execute({ tokenHash: input.tokenHash });
  return row;
}

function buildLiveSessionQuery(db: Executor, input: { idleMs: number; named: boolean }) {
  const held = heldBy(sessions.userId);
  return db
    .select({ sessionId: sessions.id, lastSeenAt: sessions.lastSeenAt, staffRights: sessions.staffRights, user: users, profile: profiles, watchedAt: lastWatchedAt, subscribed: held.subscribed, rentals: held.rentals })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(profiles, and(eq(profiles.id, sessions.profileId), eq(profiles.userId, sessions.userId)))
    .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), sessionIsLive(input.idleMs), isNull(users.suspendedAt)))
    // An empty name is an unnamed statement: parsed on every execution.
    .prepare(input.named ? 'live_session' : '');
}

const liveSessionQuery = perDatabase(buildLiveSessionQuery, (input) => `${input.idleMs}:${input.named}`);

export async function touchSession(db: Executor, sessionId: string): Promise<void> {
  await db.update(sessions).set({ lastSeenAt: sql`now()` }).where(eq(sessions.id, sessionId));
}

export async function revokeSession(db: Executor, sessionId: string): Promise<void> {
  await db.update(sessions).set({ revokedAt: sql`now()` }).where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}
