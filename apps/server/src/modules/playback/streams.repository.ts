import { and, asc, eq, gt, isNull, lte, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { sessions, streamSlots, subscriptionPlans, subscriptions, titles, users } from '../../db/schema';

/** Serialises the stream decisions of one account: two devices pressing play at once queue here. */
export async function lockAccount(db: Executor, userId: string): Promise<void> {
  await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

/**
 * The account's slots renewed after `since`, oldest first, with the title each one plays. A slot of
 * a signed-out session never counts, even one a heartbeat already under way wrote after the sign-out.
 */
export function liveSlots(db: Executor, input: { userId: string; since: Date }) {
  return db
    .select({ id: streamSlots.id, sessionId: streamSlots.sessionId, playerId: streamSlots.playerId, device: streamSlots.device, startedAt: streamSlots.startedAt, title: titles.name })
    .from(streamSlots)
    .innerJoin(titles, eq(titles.id, streamSlots.titleId))
    .innerJoin(sessions, and(eq(sessions.id, streamSlots.sessionId), isNull(sessions.revokedAt)))
    .where(and(eq(streamSlots.userId, input.userId), gt(streamSlots.renewedAt, input.since)))
    .orderBy(asc(streamSlots.startedAt));
}

export async function deleteLapsedSlots(db: Executor, input: { userId: string; since: Date }): Promise<void> {
  await db.delete(streamSlots).where(and(eq(streamSlots.userId, input.userId), lte(streamSlots.renewedAt, input.since)));
}

/**
 * Whether the player's slot was renewed after `since` (its links serve full content only then): a
 * column of the prepared statement that reads the link's session (`media-access.repository.ts`).
 */
export function liveSlotExists(input: { sessionId: AnyPgColumn; playerId: Placeholder; since: Placeholder }): SQL<boolean> {
  const slot = and(eq(streamSlots.sessionId, input.sessionId), eq(streamSlots.playerId, input.playerId), gt(streamSlots.renewedAt, input.since));
  return sql<boolean>`exists (select 1 from ${streamSlots} where ${slot})`;
}

/**
 * Takes or renews the player's slot. It keeps its start while it plays the same title; a
 * player that moves to another title starts afresh.
 */
export async function upsertSlot(
  db: Executor,
  input: { userId: string; sessionId: string; playerId: string; titleId: string; device: string; now: Date },
): Promise<string> {
  const { now } = input;
  const [row] = await db
    .insert(streamSlots)
    .values({ userId: input.userId, sessionId: input.sessionId, playerId: input.playerId, titleId: input.titleId, device: input.device, startedAt: now, renewedAt: now })
    .onConflictDoUpdate({
      target: [streamSlots.sessionId, streamSlots.playerId],
      set: {
        titleId: input.titleId,
        device: input.device,
        renewedAt: now,
        startedAt: sql`case when ${streamSlots.titleId} = excluded.title_id then ${streamSlots.startedAt} else excluded.started_at end`,
      },
    })
    .returning({ id: streamSlots.id });
  return row!.id;
}

export async function deleteSessionSlots(db: Executor, sessionId: string): Promise<void> {
  await db.delete(streamSlots).where(eq(streamSlots.sessionId, sessionId));
}

export async function deleteSlot(db: Executor, input: { userId: string; id: string }): Promise<boolean> {
  const deleted = await db
    .delete(streamSlots)
    .where(and(eq(streamSlots.userId, input.userId), eq(streamSlots.id, input.id)))
    .returning({ id: streamSlots.id });
  return deleted.length > 0;
}

/** The simultaneous streams of the plan in force now (the period ending last), or null without one. */
export async function planStreams(db: Executor, userId: string): Promise<number | null> {
  const [row] = await db
    .select({ maxStreams: subscriptionPlans.maxStreams })
    .from(subscriptions)
    .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, subscriptions.planId))
    .where(
      and(
        eq(subscriptions.userId, userId),
        sql`${subscriptions.revokedAt} is null`,
        lte(subscriptions.startsAt, sql`now()`),
        gt(subscriptions.endsAt, sql`now()`),
      ),
    )
    .orderBy(sql`${subscriptions.endsAt} desc`)
    .limit(1);
  return row?.maxStreams ?? null;
}
