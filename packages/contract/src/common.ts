import { z } from 'zod';
import { activeStream } from './playback';

/** Every entity is addressed by `_id`, a UUID, as behaviour.md §3 names it. */
export const id = z.uuid();

/** URL-safe slug: lowercase letters, digits and single dashes. */
export const slug = z
  .string()
  .min(1)
  .max(120)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be lowercase letters, digits and dashes');

/**
 * Errors are problem+json (RFC 9457). `message` repeats `detail` because the original client
 * reads `message` (for example "user doesn't exist").
 */
export const problem = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string(),
  message: z.string(),
  errors: z
    .array(z.object({ path: z.string(), message: z.string() }))
    .optional(),
  /** With a refusal for too many streams (409): what is playing on the account now, to stop one. */
  streams: z.array(activeStream).optional(),
});
export type Problem = z.infer<typeof problem>;

export const message = z.object({ message: z.string() });

export const idParams = z.object({ id });
