import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { thirdPartyFeeds } from '../../db/schema';
import { closeContext, recordingLog, waitFor } from '../../jobs/jobs.test-support';
import { startWorker } from '../../jobs/worker';
import { jobHandlers } from '../../workers';
import { createTestContext, type TestContext } from '../../../test/test-app';
import { asStaff, consoleEnv, staffSessions, type Sessions } from '../../../test/staff';
import { startPartnerServer } from '../third-party/partner-feed.test-support';
import { THIRD_PARTY_SYNC_JOB } from '../third-party/feed-status.service';

let ctx: TestContext;
let s: Sessions;
let partner: Awaited<ReturnType<typeof startPartnerServer>>;

beforeAll(async () => {
  partner = await startPartnerServer();
  partner.publish([
    { guid: 'a-1', title: 'Salt Roads', categories: ['Wild Planet'] },
    { guid: 'a-2', title: 'Tide Walkers', categories: ['Wild Planet'] },
    { guid: 'a-3', title: 'No Stream', mediaUrl: null },
  ]);
  ctx = await createTestContext({ ...consoleEnv, THIRD_PARTY_FEEDS: `Acme=${partner.feedUrl}`, THIRD_PARTY_ALLOWED_ORIGINS: partner.origin });
  s = await staffSessions(ctx);
  // A partner synced once and since taken off THIRD_PARTY_FEEDS.
  await ctx.db.insert(thirdPartyFeeds).values({ name: 'Oldpartner', url: 'http://127.0.0.1:9/feed.xml', lastCheckedAt: new Date(), lastError: 'fetch failed' });
});
afterAll(async () => {
  await closeContext(ctx);
  await partner.close();
});

const feeds = async () => (await asStaff(ctx, s.support).get('/admin/api/feeds')).json().items;

/** Runs the queued partner-feed syncs as the server's workers would; `meanwhile` looks at one under way. */
async function runSyncs(meanwhile?: () => Promise<void>): Promise<void> {
  const handlers = jobHandlers({ config: ctx.config, db: ctx.db });
  const worker = startWorker({ db: ctx.db, log: recordingLog(), pollIntervalMs: 50, handlers: { [THIRD_PARTY_SYNC_JOB]: handlers[THIRD_PARTY_SYNC_JOB]! } });
  try {
    await meanwhile?.();
    await waitFor(async () => (await feeds())[0].sync?.status === 'succeeded', { what: 'the sync finished', timeoutMs: 30_000 });
  } finally {
    await worker.stop();
  }
}

describe('console: partner feeds', () => {
  it('shows every feed, configured first, before and after a Sync now that support may not start', async () => {
    expect(await feeds()).toMatchObject([
      { name: 'Acme', url: partner.feedUrl, configured: true, lastSyncedAt: null, lastCheckedAt: null, lastCounts: null, lastError: null, titlesShown: 0, sync: null },
      { name: 'Oldpartner', configured: false, lastError: 'fetch failed', sync: null },
    ]);
    expect((await asStaff(ctx, s.support).post('/admin/api/feeds/Acme/sync')).statusCode).toBe(403);

    const queued = await asStaff(ctx, s.editor).post('/admin/api/feeds/Acme/sync');
    expect(queued.statusCode).toBe(200);
    expect(queued.json()).toMatchObject({ name: 'Acme', sync: { status: 'queued', finishedAt: null } });
    // Asked again while it waits: the same sync, not a second one, and no second audit entry.
    const again = await asStaff(ctx, s.editor).post('/admin/api/feeds/Acme/sync');
    expect(again.json().sync.jobId).toBe(queued.json().sync.jobId);
    const audit = (await asStaff(ctx, s.admin).get('/admin/api/audit?entityType=feed&entityId=Acme')).json().items;
    expect(audit).toMatchObject([{ action: 'feed.sync', actor: { email: 'editor@staff.test' }, summary: 'Queued a sync of the partner feed Acme' }]);

    await runSyncs();
    const [acme] = await feeds();
    expect(acme).toMatchObject({
      lastError: null,
      titlesShown: 2,
      lastCounts: { added: 2, updated: 0, unchanged: 0, disabled: 0, skipped: 1, failed: 0, seconds: expect.any(Number) },
      progress: null,
      sync: { status: 'succeeded' },
    });
    expect(acme.lastSyncedAt).not.toBeNull();
    expect(acme.lastSyncedAt).toBe(acme.lastCheckedAt);
    expect(acme.lastImportedAt).toBe(acme.lastSyncedAt);
  });

  it('records a failed sync on the feed: the last error and the attempt, the last good sync kept', async () => {
    const before = (await feeds())[0];
    partner.state.behaviour = 'error-500';
    expect((await asStaff(ctx, s.admin).post('/admin/api/feeds/Acme/sync')).statusCode).toBe(200);
    await runSyncs();
    const [acme] = await feeds();
    expect(acme.lastError).toMatch(/500/);
    expect(acme.lastSyncedAt).toBe(before.lastSyncedAt);
    expect(acme.lastCheckedAt > before.lastCheckedAt).toBe(true);
    expect(acme.titlesShown).toBe(2);
    partner.state.behaviour = 'normal';
  });

  it('refuses a feed taken off the configuration (409) and an unknown one (404), queuing nothing', async () => {
    const retired = await asStaff(ctx, s.editor).post('/admin/api/feeds/Oldpartner/sync');
    expect(retired.statusCode).toBe(409);
    expect(retired.json().detail).toBe('This feed is no longer in THIRD_PARTY_FEEDS: it cannot be synced');
    expect((await asStaff(ctx, s.editor).post('/admin/api/feeds/Nobody/sync')).statusCode).toBe(404);
    expect((await feeds())[1].sync).toBeNull();
    expect((await asStaff(ctx, s.editor).post(`/admin/api/feeds/${'x'.repeat(41)}/sync`)).statusCode).toBe(400);
    expect((await asStaff(ctx, null).get('/admin/api/feeds')).statusCode).toBe(401);
    expect((await asStaff(ctx, s.viewer).post('/admin/api/feeds/Acme/sync')).statusCode).toBe(403);
  });

  it("shows a sync under way, items processed of the feed's total, then what the import did", async () => {
    let release = () => {};
    // The partner's image server holds the new items' pictures: the sync waits half-way, to be looked at.
    partner.state.imagesHeld = new Promise<void>((resolve) => (release = resolve));
    partner.publish([
      { guid: 'a-1', title: 'Salt Roads', categories: ['Wild Planet'] },
      { guid: 'a-2', title: 'Tide Walkers', categories: ['Wild Planet'] },
      { guid: 'a-4', title: 'Glass Harbour' },
      { guid: 'a-5', title: 'Night Orchard' },
    ]);
    expect((await asStaff(ctx, s.editor).post('/admin/api/feeds/Acme/sync')).statusCode).toBe(200);
    await runSyncs(async () => {
      await waitFor(async () => (await feeds())[0].progress?.total === 4, { what: 'the sync counted the items', timeoutMs: 30_000 });
      // The two unchanged items are dealt with at once; the two new ones wait for their pictures.
      expect((await feeds())[0]).toMatchObject({ progress: { processed: 2, total: 4, startedAt: expect.any(String) }, sync: { status: 'running' } });
      release();
    });
    partner.state.imagesHeld = null;
    expect((await feeds())[0]).toMatchObject({ progress: null, titlesShown: 4, lastCounts: { added: 2, updated: 0, unchanged: 2, disabled: 0, skipped: 0, failed: 0 } });
  });

  it('leaves out the progress of a sync whose process died', async () => {
    const progress = (minutesAgo: number) => {
      const at = new Date(Date.now() - minutesAgo * 60_000).toISOString();
      return { processed: 10, total: 20, startedAt: at, updatedAt: at };
    };
    await ctx.db.update(thirdPartyFeeds).set({ syncProgress: progress(1) }).where(eq(thirdPartyFeeds.name, 'Oldpartner'));
    expect((await feeds())[1].progress).toMatchObject({ processed: 10, total: 20 });
    await ctx.db.update(thirdPartyFeeds).set({ syncProgress: progress(11) }).where(eq(thirdPartyFeeds.name, 'Oldpartner'));
    expect((await feeds())[1].progress).toBeNull();
  });
});
