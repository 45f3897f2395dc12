import { and, asc, desc, eq, gt, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { containsPattern } from '../../db/contains-pattern';
import { sessionIsLive } from '../../db/live-session';
import { episodes, profiles, rentals, sessions, streamSlots, subscriptionPlans, subscriptions, titles, users, watchProgress } from '../../db/schema';

export type AccountRecord = typeof users.$inferSelect;

/** Accounts whose email or name contains the text, newest first, with the total for paging. */
export async function searchAccounts(db: Executor, input: { text: string | undefined; limit: number; offset: number }): Promise<{ rows: AccountRecord[]; total: number }> {
  const where: SQL | undefined = input.text ? or(ilike(users.email, containsPattern(input.text)), ilike(users.name, containsPattern(input.text))) : undefined;
  const [rows, [count]] = await Promise.all([
    db.select().from(users).where(where).orderBy(desc(users.createdAt), asc(users.id)).limit(input.limit).offset(input.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(users).where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}

export async function findAccount(db: Executor, id: string): Promise<AccountRecord | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

/** Locks the account's row for the rest of the transaction (two agents acting on one account: one after the other). */
export async function lockAccount(db: Executor, id: string): Promise<AccountRecord | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).for('update');
  return row;
}

export async function setSuspended(db: Executor, input: { id: string; suspended: boolean }): Promise<AccountRecord> {
  const [row] = await db
    .update(users)
    .set({ suspendedAt: input.suspended ? sql`now()` : null, updatedAt: sql`now()` })
    .where(eq(users.id, input.id))
    .returning();
  return row!;
}

export function accountProfiles(db: Executor, userId: string) {
  return db
    .select({ id: profiles.id, name: profiles.name, isKids: profiles.isKids, maxAgeRating: profiles.maxAgeRating })
    .from(profiles)
    .where(eq(profiles.userId, userId))
    .orderBy(asc(profiles.createdAt));
}

export function accountSubscriptions(db: Executor, userId: string) {
  return db
    .select({ id: subscriptions.id, plan: subscriptionPlans.title, startsAt: subscriptions.startsAt, endsAt: subscriptions.endsAt, revokedAt: subscriptions.revokedAt, paymentRef: subscriptions.paymentRef })
    .from(subscriptions)
    .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, subscriptions.planId))
    .where(eq(subscriptions.userId, userId))
    .orderBy(desc(subscriptions.startsAt));
}

export function accountRentals(db: Executor, userId: string) {
  return db
    .select({
      id: rentals.id,
      titleId: titles.id,
      titleName: titles.name,
      titleSlug: titles.slug,
      startBy: rentals.startBy,
      startedAt: rentals.startedAt,
      expiresAt: rentals.expiresAt,
      revokedAt: rentals.revokedAt,
      paymentRef: rentals.paymentRef,
    })
    .from(rentals)
    .innerJoin(titles, eq(titles.id, rentals.titleId))
    .where(eq(rentals.userId, userId))
    .orderBy(desc(rentals.createdAt));
}

/** The account's sessions still signed in: not signed out, not expired, used within the idle limit. */
export function liveSessions(db: Executor, input: { userId: string; idleMs: number }) {
  return db
    .select({ id: sessions.id, createdAt: sessions.createdAt, lastSeenAt: sessions.lastSeenAt, expiresAt: sessions.expiresAt, profile: profiles.name })
    .from(sessions)
    .leftJoin(profiles, eq(profiles.id, sessions.profileId))
    .where(
and(eq(sessions.userId, input.userId), sessionIsLive(input.idleMs)),
    )
    .orderBy(desc(sessions.lastSeenAt));
}

/** Signs the account out everywhere and frees its stream slots; returns how many sessions ended. */
export async function endAllSessions(db: Executor, userId: string): Promise<number> {
  const ended = await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)))
    .returning({ id: sessions.id });
  await db.delete(streamSlots).where(eq(streamSlots.userId, userId));
  return ended.length;
}

/** Ends one live session of the account and frees its stream slot; false when it is not one. */
export async function endSession(db: Executor, input: { userId: string; sessionId: string }): Promise<boolean> {
  const ended = await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.id, input.sessionId), eq(sessions.userId, input.userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)))
    .returning({ id: sessions.id });
  await db.delete(streamSlots).where(and(eq(streamSlots.sessionId, input.sessionId), eq(streamSlots.userId, input.userId)));
  return ended.length > 0;
}

/** Where the account's profiles stopped, newest first (watch_progress_user_idx). */
export function watchHistory(db: Executor, input: { userId: string; limit: number }) {
  return db
    .select({
      titleId: titles.id,
      titleName: titles.name,
      titleSlug: titles.slug,
      episodeNumber: episodes.number,
      episodeName: episodes.name,
      profile: profiles.name,
      positionSeconds: watchProgress.positionSeconds,
      durationSeconds: watchProgress.durationSeconds,
      updatedAt: watchProgress.updatedAt,
    })
    .from(watchProgress)
    .innerJoin(titles, eq(titles.id, watchProgress.titleId))
    .innerJoin(profiles, eq(profiles.id, watchProgress.profileId))
    .leftJoin(episodes, eq(episodes.id, watchProgress.episodeId))
    .where(eq(watchProgress.userId, input.userId))
    .orderBy(desc(watchProgress.updatedAt), asc(titles.name))
    .limit(input.limit);
}
