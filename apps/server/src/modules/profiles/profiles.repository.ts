import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { profiles, sessions, users } from '../../db/schema';

export type ProfileRecord = typeof profiles.$inferSelect;

export function listProfiles(db: Executor, userId: string): Promise<ProfileRecord[]> {
  return db.select().from(profiles).where(eq(profiles.userId, userId)).orderBy(asc(profiles.createdAt), asc(profiles.id));
}

export async function findProfile(db: Executor, input: { userId: string; profileId: string }): Promise<ProfileRecord | undefined> {
  const [row] = await db
    .select()
    .from(profiles)
    .where(and(eq(profiles.id, input.profileId), eq(profiles.userId, input.userId)));
  return row;
}

export async function countProfiles(db: Executor, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(profiles).where(eq(profiles.userId, userId));
  return row?.n ?? 0;
}

export async function insertProfile(db: Executor, values: typeof profiles.$inferInsert): Promise<ProfileRecord> {
  const [row] = await db.insert(profiles).values(values).returning();
  return row!;
}

export async function updateProfile(
  db: Executor,
  input: { userId: string; profileId: string; set: Partial<typeof profiles.$inferInsert>; limitSet?: boolean },
): Promise<ProfileRecord | undefined> {
  const [row] = await db
    .update(profiles)
    // Stamped by the database's clock, which msSinceLimited reads too.
    .set(input.limitSet ? { ...input.set, limitedAt: sql`now()` } : input.set)
    .where(and(eq(profiles.id, input.profileId), eq(profiles.userId, input.userId)))
    .returning();
  return row;
}

export async function deleteProfile(db: Executor, input: { userId: string; profileId: string }): Promise<void> {
  await db.delete(profiles).where(and(eq(profiles.id, input.profileId), eq(profiles.userId, input.userId)));
}

/** Serialises changes to one account's profiles (the five-profile limit counts under it). */
export async function lockAccount(db: Executor, userId: string): Promise<void> {
  await db.execute(sql`select 1 from ${users} where ${users.id} = ${userId} for update`);
}

export async function setSessionProfile(db: Executor, input: { sessionId: string; profileId: string }): Promise<void> {
  await db.update(sessions).set({ profileId: input.profileId }).where(eq(sessions.id, input.sessionId));
}

/** How long ago the profile's age limit was last set, by the database's clock (the one `limited_at` was written by). */
export async function msSinceLimited(db: Executor, profileId: string): Promise<number> {
  const [row] = await db
    .select({ ms: sql<number>`(extract(epoch from now() - ${profiles.limitedAt}) * 1000)::float8` })
    .from(profiles)
    .where(eq(profiles.id, profileId));
  return row?.ms ?? Number.POSITIVE_INFINITY;
}

export async function findPinHash(db: Executor, userId: string): Promise<string | null> {
  const [row] = await db.select({ pinHash: users.pinHash }).from(users).where(eq(users.id, userId));
  return row?.pinHash ?? null;
}

export async function setPinHash(db: Executor, input: { userId: string; pinHash: string | null }): Promise<void> {
  await db.update(users).set({ pinHash: input.pinHash, updatedAt: sql`now()` }).where(eq(users.id, input.userId));
}
