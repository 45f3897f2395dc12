import { and, asc, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { subscriptionPlans, subscriptions } from '../../db/schema';

export type PlanRow = typeof subscriptionPlans.$inferSelect;

/** Every plan with the number of subscribers whose period on it is running now. */
export function listPlans(db: Executor, now: Date) {
  const running = db
    .select({ planId: subscriptions.planId, n: sql<number>`count(distinct ${subscriptions.userId})::int`.as('n') })
    .from(subscriptions)
    .where(and(isNull(subscriptions.revokedAt), lte(subscriptions.startsAt, now), gt(subscriptions.endsAt, now)))
    .groupBy(subscriptions.planId)
    .as('running');
  return db
    .select({ plan: subscriptionPlans, activeSubscribers: sql<number>`coalesce(${running.n}, 0)::int` })
    .from(subscriptionPlans)
    .leftJoin(running, eq(running.planId, subscriptionPlans.id))
    .orderBy(asc(subscriptionPlans.position), asc(subscriptionPlans.priceCents));
}

export async function findPlan(db: Executor, id: string) {
  const [row] = await db.select().from(subscriptionPlans).where(eq(subscriptionPlans.id, id)).for('update');
  return row;
}

export async function planTitleTaken(db: Executor, input: { title: string; except?: string }) {
  const [row] = await db
    .select({ id: subscriptionPlans.id })
    .from(subscriptionPlans)
    .where(and(eq(subscriptionPlans.title, input.title), input.except ? sql`${subscriptionPlans.id} <> ${input.except}` : undefined));
  return row !== undefined;
}

export async function insertPlan(db: Executor, values: Omit<typeof subscriptionPlans.$inferInsert, 'position'>) {
  const [row] = await db
    .insert(subscriptionPlans)
    .values({ ...values, position: sql`(select coalesce(max(position), 0) + 1 from ${subscriptionPlans})` })
    .returning();
  return row!;
}

export async function updatePlan(db: Executor, id: string, values: Partial<typeof subscriptionPlans.$inferInsert>) {
  await db.update(subscriptionPlans).set({ ...values, updatedAt: sql`now()` }).where(eq(subscriptionPlans.id, id));
}
