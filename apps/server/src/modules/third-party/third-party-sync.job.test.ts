import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/test-app';
import { listJobs } from '../../jobs/queue';
import { memoryLog } from './partner-feed.test-support';
import { queueThirdPartySync, THIRD_PARTY_SYNC_JOB } from './third-party-sync.job';

describe('third-party sync scheduling', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('queues nothing when no feed is configured', async () => {
    await queueThirdPartySync(ctx.db, { feeds: [], syncIntervalMs: 60_000, log: memoryLog() });
    expect(await listJobs(ctx.db, { type: THIRD_PARTY_SYNC_JOB, limit: 10 })).toEqual([]);
  });

  it('queues one sync now and one at the next slot, however many processes start', async () => {
    const settings = { feeds: [{ name: 'P', url: 'http://127.0.0.1:9/feed.xml' }], syncIntervalMs: 60 * 60_000, log: memoryLog() };
    await queueThirdPartySync(ctx.db, settings);
    await queueThirdPartySync(ctx.db, settings);
    const jobs = await listJobs(ctx.db, { type: THIRD_PARTY_SYNC_JOB, limit: 10 });
    expect(jobs).toHaveLength(2);
    const runAts = jobs.map((j) => j.runAt.getTime()).sort((a, b) => a - b);
    expect(runAts[0]).toBeLessThanOrEqual(Date.now());
    expect(runAts[1]! % settings.syncIntervalMs).toBe(0);
    expect(runAts[1]).toBeGreaterThan(Date.now());
  });
});
