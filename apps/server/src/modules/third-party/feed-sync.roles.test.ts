import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/test-app';
import { openDatabase, type DatabaseHandle } from '../../db/client';
import { mediaStoreFromConfig } from '../../storage/store-from-config';
import { syncFeed } from './feed-sync.service';
import { memoryLog, plainItems, startPartnerServer } from './partner-feed.test-support';

// A site may run with a database role that reads and writes the tables but does not own them
// (another role migrates). The sync's search upkeep (merging the GIN indexes' pending entries)
// needs the owner. Needs DATABASE_URL: the embedded database has one role.

describe.skipIf(!process.env.DATABASE_URL)('a feed sync as a database role that does not own the tables', () => {
  let ctx: TestContext;
  let partner: Awaited<ReturnType<typeof startPartnerServer>>;
  let asApp: DatabaseHandle;
  const role = `marquee_app_${randomBytes(4).toString('hex')}`;

  beforeAll(async () => {
    partner = await startPartnerServer();
    ctx = await createTestContext({ THIRD_PARTY_ALLOWED_ORIGINS: partner.origin });
    const database = ctx.config.database;
    if (database.kind !== 'postgres') throw new Error('needs PostgreSQL');
    await ctx.db.execute(sql.raw(`create role ${role} login`));
    await ctx.db.execute(sql.raw(`grant select, insert, update, delete on all tables in schema public to ${role}`));
    const url = new URL(database.url);
    url.username = role;
    asApp = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 2 });
  });
  afterAll(async () => {
    await asApp?.close();
    await partner.close();
    await ctx.close();
    // The role's grants went with the test's database; the role is the server's.
    const server = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await server.connect();
    await server.query(`drop role if exists ${role}`);
    await server.end();
  });

  it('imports the feed all the same, and says once that the upkeep was refused', async () => {
    partner.publish(plainItems(450));
    const log = memoryLog();
    const deps = { db: asApp.db, store: mediaStoreFromConfig(ctx.config), log, allowedOrigins: [partner.origin] };
    expect(await syncFeed(deps, { name: 'Many', url: partner.feedUrl })).toMatchObject({ status: 'imported', added: 450, failed: 0 });
    expect(log.entries.filter((entry) => entry.message?.startsWith('search index upkeep'))).toHaveLength(1);
    expect((await ctx.app.inject('/search/plain%20feature%20449')).json().thirdParty.map((t: { slug: string }) => t.slug)).toContain('plain-feature-449');
  });
});
