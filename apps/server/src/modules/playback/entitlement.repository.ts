import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { RENTAL_VIEWING_HOURS } from '@marquee/contract';
import { episodes, rentals, subscriptionPlans, subscriptions, titles, users } from '../../db/schema';
import { heldBy, subscriptionInForce, type HeldRental } from '../../db/viewer-access';

/** The subscription in force now, if any (the one ending last). */
export async function currentSubscription(db: Executor, userId: string) {
  const [row] = await db
    .select({ endsAt: subscriptions.endsAt, plan: subscriptionPlans.title })
    .from(subscriptions)
    .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, subscriptions.planId))
    .where(and(eq(subscriptions.userId, userId), subscriptionInForce()))
    .orderBy(sql`${subscriptions.endsAt} desc`)
    .limit(1);
  return row;
}

/** The end of the last period not revoked and not over (renewals chain on from the current one). */
export async function paidUntil(db: Executor, userId: string): Promise<Date | null> {
  const [row] = await db
    .select({ endsAt: sql<Date | null>`max(${subscriptions.endsAt})`.mapWith(subscriptions.endsAt) })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), isNull(subscriptions.revokedAt), gt(subscriptions.endsAt, sql`now()`)));
  return row?.endsAt ?? null;
}

/** What an account holds now (subscription in force, watchable rentals), in one statement. */
export async function heldByAccount(db: Executor, userId: string): Promise<{ subscribed: boolean; rentals: HeldRental[] }> {
  const [row] = await db.select(heldBy(users.id)).from(users).where(eq(users.id, userId));
  return row ?? { subscribed: false, rentals: [] };
}

/**
 * Starts the viewing window of the viewer's unstarted rentals of the title (or series) an asset
 * belongs to; returns how many started. Subscribers' rentals wait: the subscription covers them.
 */
export async function startRentalsOfAsset(db: Executor, input: { userId: string; assetId: string }): Promise<number> {
  const started = await db
    .update(rentals)
    .set({ startedAt: sql`now()`, expiresAt: sql`now() + make_interval(hours => ${RENTAL_VIEWING_HOURS})` })
    .where(
      and(
        eq(rentals.userId, input.userId),
        isNull(rentals.startedAt),
        isNull(rentals.revokedAt),
        gt(rentals.startBy, sql`now()`),
        sql`${rentals.titleId} in (
          select ${titles.id} from ${titles} where ${titles.videoAssetId} = ${input.assetId} and not ${titles.isFree}
          union
          select ${episodes.seriesId} from ${episodes} where ${episodes.videoAssetId} = ${input.assetId})`,
        sql`not exists (select 1 from ${subscriptions} where ${subscriptions.userId} = ${input.userId} and ${subscriptionInForce()})`,
      ),
    )
    .returning({ id: rentals.id });
  return started.length;
}
