import { z } from 'zod';
import { id } from './common';

export const subscriptionPlan = z.object({
  _id: id,
  title: z.string(),
  /** USD, two decimals (stored as integer cents). */
  price: z.number(),
  /** Days of access. */
  validity: z.number().int(),
  description: z.string(),
});
export type SubscriptionPlan = z.infer<typeof subscriptionPlan>;
