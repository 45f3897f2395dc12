import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CategoryData } from '@marquee/contract';
import { buildApp } from '../../app';
import { openDatabase, type DatabaseHandle } from '../../db/client';
import { rentals, subscriptions, titles } from '../../db/schema';
import { createTestContext, type TestContext } from '../../../test/test-app';
import { fixtures } from '../../../test/fixtures';
import { bearer, signIn } from '../../../test/sign-in';
import { asStaff, consoleEnv, staffSessions } from '../../../test/staff';

// Two app instances on one PostgreSQL database, as two nodes behind a load balancer: a change made
// through one shows on the other, because every node's read model listens for the database's
// catalogue notifications. Needs DATABASE_URL (the embedded database belongs to one process).

describe.skipIf(!process.env.DATABASE_URL)('the read model across two nodes', () => {
  let nodeA: TestContext;
  let nodeB: { app: FastifyInstance; handle: DatabaseHandle };
  let category: { id: string };
  let film: { id: string; slug: string };

  beforeAll(async () => {
    nodeA = await createTestContext(consoleEnv);
    const database = nodeA.config.database;
    if (database.kind !== 'postgres') throw new Error('needs PostgreSQL');
    const handle = await openDatabase({ kind: 'postgres', url: database.url, poolSize: 4 });
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
  const titlePageOnB = async () => (await nodeB.app.inject(`/movie-name/${film.slug}`)).json().name;

  it("shows a title renamed through one node's console on the other node's next answers", async () => {
    expect(await nameOnB()).toBe('Harbour Watch');
    expect(await titlePageOnB()).toBe('Harbour Watch');
    const editor = asStaff(nodeA, (await staffSessions(nodeA)).editor);
    const current = (await editor.get(`/admin/api/titles/${film.id}`)).json();
    const res = await editor.put(`/admin/api/titles/${film.id}`, { ...current, name: 'Harbour Watch II', genres: [], cast: [], updatedAt: current.updatedAt });
    expect(res.statusCode, res.body).toBe(200);
    // Another node hears of it a moment after the commit (a notification on its own connection).
    await expect.poll(nameOnB, { timeout: 2_000, interval: 20 }).toBe('Harbour Watch II');
    await expect.poll(titlePageOnB, { timeout: 2_000, interval: 20 }).toBe('Harbour Watch II');
  });

  it("shows a viewer's rental and subscription on the other node's very next answer", async () => {
    const make = fixtures(nodeA.db);
    const shelf = await make.category({ name: 'Rentals' });
    const paid = await make.title({ name: 'Harbour Rental', rentPriceCents: 299 });
    await make.row({ categoryId: shelf.id, titleIds: [paid.id] });
    const viewer = await signIn(nodeA, { email: 'two-nodes@example.com' });
    const badgeOnB = async () =>
      (await nodeB.app.inject({ url: `/user/category-data/${shelf.id}`, headers: bearer(viewer) }))
        .json<CategoryData>()
        .subcategories.flatMap((row) => row.content.map((c) => c.item))
        .find((item) => item._id === paid.id)?.access?.kind;
    await expect.poll(badgeOnB, { timeout: 2_000, interval: 20 }).toBe('rent');
    // What billing grants, committed through node A: read with the session on B, not kept, so no waiting.
    await nodeA.db.insert(rentals).values({ userId: viewer.user._id, titleId: paid.id, startBy: new Date(Date.now() + 86_400_000) });
    expect(await badgeOnB()).toBe('rented');
    const plan = await make.plan({ title: 'Two nodes', priceCents: 999, validityDays: 30 });
    await nodeA.db.insert(subscriptions).values({ userId: viewer.user._id, planId: plan.id, startsAt: new Date(Date.now() - 1000), endsAt: new Date(Date.now() + 86_400_000) });
    expect(await badgeOnB()).toBe('included');
  });

  it('stays fresh while its listening connection is down, and caches again once it is back', async () => {
    await nodeA.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'LISTEN%' and pid <> pg_backend_pid()`,
    );
    await nodeA.db.update(titles).set({ name: 'Harbour Watch III' }).where(eq(titles.id, film.id));
    await expect.poll(nameOnB, { timeout: 2_000, interval: 20 }).toBe('Harbour Watch III');
    // Reconnected (within a second or so): a later change still reaches it.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await nodeA.db.update(titles).set({ name: 'Harbour Watch IV' }).where(eq(titles.id, film.id));
    await expect.poll(nameOnB, { timeout: 2_000, interval: 20 }).toBe('Harbour Watch IV');
  });
});
