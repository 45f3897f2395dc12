import { z } from 'zod';
import { id } from '../common';
import { adminEndpoint, can } from './access';
import { jobStatus } from './media';
import { pageOf, pageQuery } from './paging';

export const jobQuery = z.object({
  status: jobStatus.optional(),
  /** A job type, e.g. 'media.transcode'. */
  kind: z.string().min(1).max(100).optional(),
  ...pageQuery,
});
export type JobQuery = z.input<typeof jobQuery>;

/** A job of the queue, as the jobs page shows it. */
export const adminJob = z.object({
  _id: id,
  /** The job type, e.g. 'media.transcode'. */
  kind: z.string(),
  /** The type in words, e.g. 'Transcode'. */
  kindLabel: z.string(),
  /** What the job works on, e.g. "Night Ferry: full video"; titleId links to its title. */
  subject: z.object({ label: z.string(), titleId: id.nullable() }),
  status: jobStatus,
  attempts: z.number().int(),
  maxAttempts: z.number().int(),
  /** 0-100 for the kinds that report it (transcodes, demo media); null for the others. */
  progress: z.number().int().nullable(),
  /** The last failed attempt's message (ffmpeg's own for a transcode). */
  lastError: z.string().nullable(),
  createdAt: z.string(),
  /** When it runs (queued), or last ran. */
  runAt: z.string(),
  updatedAt: z.string(),
  /** When it succeeded, failed for good or was cancelled. */
  finishedAt: z.string().nullable(),
  /** Only a job that failed for good can be retried. */
  canRetry: z.boolean(),
  /** A queued job; a running one only of the kinds that can be stopped without leaving half a result. */
  canCancel: z.boolean(),
});
export type AdminJob = z.infer<typeof adminJob>;

export const jobPage = pageOf(adminJob).extend({
  /** Every kind the queue holds, for the filter. */
  kinds: z.array(z.object({ kind: z.string(), label: z.string() })),
});
export type JobPage = z.infer<typeof jobPage>;

const tags = ['admin: jobs'];
const byId = z.object({ id });

export const jobEndpoints = {
  jobs: adminEndpoint({
    method: 'GET',
    path: '/admin/api/jobs',
    summary: 'Jobs of every kind, newest first, filtered by state and kind',
    tags,
    roles: can.readCatalog,
    query: jobQuery,
    response: jobPage,
  }),
  retryJob: adminEndpoint({
    method: 'POST',
    path: '/admin/api/jobs/:id/retry',
    summary: 'Queue a job that failed for good again, its attempts counted afresh; 409 unless it failed; audited',
    tags,
    roles: can.editCatalog,
    params: byId,
    response: adminJob,
  }),
  cancelJob: adminEndpoint({
    method: 'POST',
    path: '/admin/api/jobs/:id/cancel',
    summary: 'Cancel a queued job, or a running transcode (its result is discarded); 409 once it ended; audited',
    tags,
    roles: can.editCatalog,
    params: byId,
    response: adminJob,
  }),
};
