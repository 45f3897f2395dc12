import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { subscriptionPlans } from '../../db/schema';

export function listEnabledPlans(db: Executor) {
  return db
    .select()
    .from(subscriptionPlans)
    .where(eq(subscriptionPlans.isEnable, true))
    .orderBy(asc(subscriptionPlans.position), asc(subscriptionPlans.priceCents));
}
