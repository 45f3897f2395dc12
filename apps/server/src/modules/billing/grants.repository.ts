import { and, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { payments, rentals, subscriptionPlans, subscriptions } from '../../db/schema';

/** The viewer's subscriptions not revoked and not yet over (current and scheduled renewals). */
export function liveSubscriptions(db: Executor, input: { userId: string; now: Date }) {
  return db
    .select({ id: subscriptions.id, planId: subscriptions.planId, startsAt: subscriptions.startsAt, endsAt: subscriptions.endsAt })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, input.userId), isNull(subscriptions.revokedAt), gt(subscriptions.endsAt, input.now)))
    .orderBy(subscriptions.endsAt);
}

export async function insertSubscription(db: Executor, input: typeof subscriptions.$inferInsert) {
  const [row] = await db.insert(subscriptions).values(input).returning();
  return row!;
}

/** Cuts live periods short at `at` (a plan change starts the new plan at once). */
export async function endSubscriptions(db: Executor, input: { ids: string[]; at: Date }) {
  for (const id of input.ids) {
    await db
      .update(subscriptions)
      .set({ endsAt: sql`least(${subscriptions.endsAt}, ${input.at})`, startsAt: sql`least(${subscriptions.startsAt}, ${input.at})` })
      .where(eq(subscriptions.id, id));
  }
}

export async function insertRental(db: Executor, input: typeof rentals.$inferInsert) {
  const [row] = await db.insert(rentals).values(input).returning();
  return row!;
}

/** Ends at once whatever a payment granted (refund, reversal, dispute). */
export async function revokeGrantsOf(db: Executor, paymentId: string) {
  await db.update(subscriptions).set({ revokedAt: sql`now()` }).where(and(eq(subscriptions.paymentRef, paymentId), isNull(subscriptions.revokedAt)));
  await db.update(rentals).set({ revokedAt: sql`now()` }).where(and(eq(rentals.paymentRef, paymentId), isNull(rentals.revokedAt)));
}

/** The viewer's subscription periods, newest first, with the plan and what was paid. */
export function subscriptionHistory(db: Executor, userId: string) {
  return db
    .select({
      id: subscriptions.id,
      plan: subscriptionPlans.title,
      startsAt: subscriptions.startsAt,
      endsAt: subscriptions.endsAt,
      revokedAt: subscriptions.revokedAt,
      amountCents: payments.amountCents,
    })
    .from(subscriptions)
    .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, subscriptions.planId))
    .leftJoin(payments, eq(payments.id, subscriptions.paymentRef))
    .where(eq(subscriptions.userId, userId))
    .orderBy(desc(subscriptions.startsAt), desc(subscriptions.createdAt));
}

/** Rentals that may still be watched at `now`: unstarted within the start window, or started and not expired. */
export function watchableRentals(db: Executor, input: { userId: string; now: Date; titleId?: string }) {
  return db
    .select()
    .from(rentals)
    .where(
      and(
        eq(rentals.userId, input.userId),
        isNull(rentals.revokedAt),
        input.titleId ? eq(rentals.titleId, input.titleId) : undefined,
        or(and(isNull(rentals.startedAt), gt(rentals.startBy, input.now)), gt(rentals.expiresAt, input.now)),
      ),
    )
    .orderBy(desc(rentals.createdAt));
}

export async function planById(db: Executor, planId: string) {
  const [row] = await db.select().from(subscriptionPlans).where(eq(subscriptionPlans.id, planId)).limit(1);
  return row!;
}

export async function enabledPlan(db: Executor, planId: string) {
  const [row] = await db
    .select()
    .from(subscriptionPlans)
    .where(and(eq(subscriptionPlans.id, planId), eq(subscriptionPlans.isEnable, true)))
    .limit(1);
  return row;
}

export async function rentalOfPayment(db: Executor, paymentId: string) {
  const [row] = await db.select().from(rentals).where(eq(rentals.paymentRef, paymentId)).limit(1);
  return row;
}
