import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CategoryData } from '@marquee/contract';
import { buildApp } from '../../app';
import { openDatabase, type DatabaseHandle } from '../../db/client';
import { titles } from '../../db/schema';
import { createTestContext, type TestContext } from '../../../test/test-app';
import { fixtures } from '../../../test/fixtures';

// Two nodes on one PostgreSQL database with REDIS_URL set: a change committed by one reaches the
// other through Redis. The second node's connections stop listening to the database first, so
// Redis is the only way the news can travel. Needs DATABASE_URL and Redis (REDIS_URL, or the local one).

const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

describe.skipIf(!process.env.DATABASE_URL)('the read model across two nodes, through Redis', () => {
  let nodeA: TestContext;
  let nodeB: { app: FastifyInstance; handle: DatabaseHandle };
  let category: { id: string };
  let film: { id: string };

  beforeAll(async () => {
    nodeA = await createTestContext({ REDIS_URL: redisUrl });
    const database = nodeA.config.database;
    if (database.kind !== 'postgres') throw new Error('needs PostgreSQL');
    const handle = await openDatabase({ kind: 'postgres', url: database.url, poolSize: 1 });
    nodeB = { handle, app: await buildApp({ config: nodeA.config, db: handle.db }) };
    await nodeB.app.ready();
    const make = fixtures(nodeA.db);
    category = await make.category({ name: 'Home' });
    film = await make.title({ name: 'Harbour Watch' });
    await make.row({ categoryId: category.id, titleIds: [film.id] });
  });
  afterAll(async () => {
    await nodeB?.app.close();
    await nodeB?.handle.close();
    await nodeA?.close();
  });

  const nameOnB = async () =>
    (await nodeB.app.inject(`/user/category-data/${category.id}`)).json<CategoryData>().subcategories[0]?.content[0]?.item.name;

  it("shows a title renamed on one node in the other node's next answers", async () => {
    expect(await nameOnB()).toBe('Harbour Watch');
    // Node B's one connection no longer hears the database's notifications, and with Redis it keeps no listener of its own.
    const client = await nodeB.handle.pool.connect();
    await client.query('UNLISTEN *');
    client.release();
    expect(await nameOnB(), 'kept by the read model').toBe('Harbour Watch');

    await nodeA.db.update(titles).set({ name: 'Harbour Watch II' }).where(eq(titles.id, film.id));
    await expect.poll(nameOnB, { timeout: 2_000, interval: 20 }).toBe('Harbour Watch II');
  });
});
