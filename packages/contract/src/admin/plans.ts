import { z } from 'zod';
import { id } from '../common';
import { adminEndpoint, can } from './access';
import { usdPrice } from './titles';

/** The most simultaneous streams a plan may offer. */
export const MAX_STREAMS_PER_PLAN = 10;

export const adminPlan = z.object({
  _id: id,
  title: z.string(),
  description: z.string(),
  price: z.number(),
  validityDays: z.number().int(),
  /** False once retired: no longer sold, while its subscribers keep what they paid for. */
  isEnable: z.boolean(),
  /** Videos a subscriber may play at the same time, on different devices. */
  maxStreams: z.number().int(),
  /** Subscribers whose period on this plan is running now. */
  activeSubscribers: z.number().int(),
  updatedAt: z.string(),
});
export type AdminPlan = z.infer<typeof adminPlan>;

export const planInput = z.object({
  title: z
    .string()
    .trim()
    .min(1, 'Title is required')
    .max(60, 'Title must be at most 60 characters')
    .regex(/^[^\p{Cc}<>]*$/u, 'Title must not contain control characters or angle brackets'),
  description: z.string().trim().max(500, 'Description must be at most 500 characters').default(''),
  price: usdPrice,
  validityDays: z.number({ message: 'Enter a number of days' }).int('Whole days only').min(1, 'At least 1 day').max(3660, 'At most 3660 days'),
  isEnable: z.boolean().default(true),
  maxStreams: z
    .number({ message: 'Enter a number of streams' })
    .int('Whole streams only')
    .min(1, 'At least 1 stream')
    .max(MAX_STREAMS_PER_PLAN, `At most ${MAX_STREAMS_PER_PLAN} streams`)
    .default(2),
});
export type PlanInput = z.input<typeof planInput>;
export const planUpdate = planInput.extend({ updatedAt: z.string().min(1) });
export type PlanUpdate = z.input<typeof planUpdate>;

const tags = ['admin: plans'];

export const planEndpoints = {
  plans: adminEndpoint({ method: 'GET', path: '/admin/api/plans', summary: 'Every plan, retired ones included, with its running subscribers', tags, roles: can.readCatalog, response: z.array(adminPlan) }),
  createPlan: adminEndpoint({ method: 'POST', path: '/admin/api/plans', summary: 'Create a plan', tags, roles: can.editCatalog, body: planInput, response: adminPlan }),
  updatePlan: adminEndpoint({
    method: 'PUT',
    path: '/admin/api/plans/:id',
    summary: 'Change a plan (price and validity apply to new purchases) or retire it; 409 if it changed meanwhile',
    tags,
    roles: can.editCatalog,
    params: z.object({ id }),
    body: planUpdate,
    response: adminPlan,
  }),
};
