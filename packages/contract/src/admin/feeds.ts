import { z } from 'zod';
import { id } from '../common';
import { adminEndpoint, can } from './access';
import { jobStatus } from './media';

/** A partner feed: its syncs, what the last import did, and the "Sync now" it was given last. */
export const partnerFeed = z.object({
  /** The name given in THIRD_PARTY_FEEDS. */
  name: z.string(),
  url: z.string(),
  /** Still in THIRD_PARTY_FEEDS: a feed taken off it cannot be synced, and its titles are hidden. */
  configured: z.boolean(),
  /** The last check that did not fail (new items imported, or nothing changed). */
  lastSyncedAt: z.string().nullable(),
  /** The last check, failed or not. */
  lastCheckedAt: z.string().nullable(),
  /** The last check that found a changed feed and imported it. */
  lastImportedAt: z.string().nullable(),
  /** Why the last check failed; null when it did not. */
  lastError: z.string().nullable(),
  /**
   * What the last import did to the feed's items: added, rewritten (changed, or back in the feed),
   * unchanged (not written), disabled (no longer in the feed), skipped (invalid), failed (refused by
   * the database, retried next time); and how long it took (null for imports before it was kept).
   */
  lastCounts: z
    .object({
      added: z.number().int(),
      updated: z.number().int(),
      unchanged: z.number().int(),
      disabled: z.number().int(),
      skipped: z.number().int(),
      failed: z.number().int(),
      seconds: z.number().nullable(),
    })
    .nullable(),
  /** A sync under way: items dealt with of the feed's total (0 of 0 while the feed is being read); null otherwise. */
  progress: z.object({ processed: z.number().int(), total: z.number().int(), startedAt: z.string() }).nullable(),
  /** The feed's titles viewers can see now. */
  titlesShown: z.number().int(),
  /** The newest "Sync now" of this feed. */
  sync: z.object({ jobId: id, status: jobStatus, queuedAt: z.string(), finishedAt: z.string().nullable() }).nullable(),
});
export type PartnerFeed = z.infer<typeof partnerFeed>;

const tags = ['admin: partner feeds'];

export const feedEndpoints = {
  feeds: adminEndpoint({
    method: 'GET',
    path: '/admin/api/feeds',
    summary: "Every partner feed: the sync under way (items processed of total), last sync, last attempt, last import's counts, last error and its latest Sync now",
    tags,
    roles: can.readCatalog,
    response: z.object({ items: z.array(partnerFeed) }),
  }),
  syncFeed: adminEndpoint({
    method: 'POST',
    path: '/admin/api/feeds/:name/sync',
    summary: 'Queue a sync of one feed now (or answer with the one already queued); 404 for a feed not configured; audited',
    tags,
    roles: can.editCatalog,
    params: z.object({ name: z.string().min(1).max(40) }),
    response: partnerFeed,
  }),
};
