import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/test-app';
import { thirdPartyFeeds, thirdPartyItems, titles } from '../../db/schema';
import { mediaStoreFromConfig } from '../../storage/store-from-config';
import { syncFeed, type SyncDeps, type SyncOutcome } from './feed-sync.service';
import { memoryLog, partnerRowVersions, plainItems, rowsWritten, startPartnerServer } from './partner-feed.test-support';

/** The outside report's feed: 2,000 plain items, which took more than ten minutes to import. */
const CATALOGUE = plainItems(2_000);

describe('a partner catalogue of 2,000 items', () => {
  let ctx: TestContext;
  let partner: Awaited<ReturnType<typeof startPartnerServer>>;
  let deps: SyncDeps;
  let firstImport: { outcome: SyncOutcome; statements: string[] };
  const sync = () => syncFeed(deps, { name: 'Many', url: partner.feedUrl });
  const enabledTitles = async () =>
    (await ctx.db.select({ id: titles.id }).from(titles).where(and(eq(titles.isThirdParty, true), eq(titles.isEnable, true)))).length;

  beforeAll(async () => {
    partner = await startPartnerServer();
    ctx = await createTestContext({ THIRD_PARTY_ALLOWED_ORIGINS: partner.origin });
    deps = { db: ctx.db, store: mediaStoreFromConfig(ctx.config), log: memoryLog(), allowedOrigins: [partner.origin] };
    partner.publish(CATALOGUE);
    ctx.queries.length = 0;
    const outcome = await sync();
    firstImport = { outcome, statements: [...ctx.queries] };
  });
  afterAll(async () => {
    await partner.close();
    await ctx.close();
  });
  beforeEach(async () => {
    // Each test starts from the whole catalogue as imported, answered with validators.
    partner.state.behaviour = 'normal';
    partner.publish(CATALOGUE);
    await sync();
    ctx.queries.length = 0;
  });

  it('imports every item in one sync, writing them in batches of a few statements each', async () => {
    expect(firstImport.outcome).toEqual({ feed: 'Many', status: 'imported', added: 2000, updated: 0, unchanged: 0, disabled: 0, skipped: 0, failed: 0, seconds: expect.any(Number) });
    expect(await enabledTitles()).toBe(2000);
    // One insert of titles per batch of 200: the catalogue hears of the change (and indexes the
    // search columns) once per batch, not once per item.
    const titleWrites = firstImport.statements.filter((statement) => /^\s*insert into "titles"/i.test(statement));
    expect(titleWrites).toHaveLength(10);
    expect(firstImport.statements.length).toBeLessThan(150);
    const search = (await ctx.app.inject('/search/plain%20feature%201234')).json();
    expect(search.thirdParty.map((t: { slug: string }) => t.slug)).toContain('plain-feature-1234');
    const [feed] = await ctx.db.select().from(thirdPartyFeeds);
    expect(feed!.syncProgress).toBeNull();
  });

  it('rewrites nothing when the unchanged feed is read again from a server that ignores conditional requests', async () => {
    partner.state.behaviour = 'ignoring-validators';
    const before = await partnerRowVersions(ctx.db);
    ctx.queries.length = 0;
    expect(await sync()).toMatchObject({ status: 'imported', added: 0, updated: 0, unchanged: 2000, disabled: 0 });
    const statements = [...ctx.queries];
    expect(rowsWritten(before, await partnerRowVersions(ctx.db))).toEqual([]);
    expect(partner.state.requests.at(-1)).toMatchObject({ url: '/feed.xml', ifNoneMatch: `"v${partner.state.version}"` });
    // No statement on a catalogue table: the pages' kept answers are not thrown away either.
    expect(statements.filter((statement) => /^\s*(insert|update|delete)/i.test(statement) && !/"third_party_feeds"/.test(statement))).toEqual([]);
  });

  it('does nothing but record the check when the partner answers 304 Not Modified', async () => {
    const before = await partnerRowVersions(ctx.db);
    ctx.queries.length = 0;
    expect(await sync()).toEqual({ feed: 'Many', status: 'not-modified' });
    // The feed's row, read and then stamped with the check's time.
    expect(ctx.queries).toHaveLength(2);
    expect(rowsWritten(before, await partnerRowVersions(ctx.db))).toEqual([]);
  });

  it('rewrites a changed item, and only its rows', async () => {
    const before = await partnerRowVersions(ctx.db);
    partner.publish(CATALOGUE.map((item, i) => (i === 1234 ? { ...item, title: 'Plain Feature 1234 (Restored)', categories: ['Classics'] } : item)));
    expect(await sync()).toMatchObject({ status: 'imported', added: 0, updated: 1, unchanged: 1999, disabled: 0 });
    const written = rowsWritten(before, await partnerRowVersions(ctx.db));
    expect(written.map((key) => key.split(' ').slice(0, 2).join(' '))).toEqual([
      'third_party_items plain-feature-1234',
      'title_genres plain-feature-1234',
      'title_genres plain-feature-1234',
      'titles plain-feature-1234',
    ]);
    const movie = (await ctx.app.inject('/partners/title/plain-feature-1234')).json();
    expect(movie).toMatchObject({ name: 'Plain Feature 1234 (Restored)' });
  });

  it('unpublishes an item that left the feed, and publishes it again when it returns', async () => {
    partner.publish(CATALOGUE.filter((_, i) => i !== 42));
    expect(await sync()).toMatchObject({ status: 'imported', added: 0, updated: 0, unchanged: 1999, disabled: 1 });
    expect((await ctx.app.inject('/partners/title/plain-feature-42')).statusCode).toBe(404);
    const [item] = await ctx.db.select({ guid: thirdPartyItems.guid }).from(thirdPartyItems).where(eq(thirdPartyItems.guid, 'plain-42'));
    // Disabled, never deleted: watchlists and rentals still point at it.
    expect(item).toEqual({ guid: 'plain-42' });
    expect(await enabledTitles()).toBe(1999);

    partner.publish(CATALOGUE);
    expect(await sync()).toMatchObject({ status: 'imported', added: 0, updated: 1, unchanged: 1999, disabled: 0 });
    expect((await ctx.app.inject('/partners/title/plain-feature-42')).statusCode).toBe(200);
  });
});
