import type { SubscriptionPlan } from '@marquee/contract';
import type { Executor } from '../../db/client';
import { dollarsOf } from '../../lib/money';
import { listEnabledPlans } from './subscriptions.repository';

/** The plans on sale, in the operator's order. */
export async function listPlans(db: Executor): Promise<SubscriptionPlan[]> {
  const plans = await listEnabledPlans(db);
  return plans.map((p) => ({
    _id: p.id,
    title: p.title,
    price: dollarsOf(p.priceCents),
    validity: p.validityDays,
    description: p.description,
  }));
}
