import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtures } from '../../test/fixtures';
import { createScratchDatabase } from '../../test/test-app';
import { openDatabase, type DatabaseHandle } from './client';
import { migrateDatabase, migrationsFolder } from './migrate';

// 0011 turns the grants' text payment references into foreign keys: a database that granted
// before it keeps every reference that names a payment, and loses only those that name none.
const serverUrl = process.env.DATABASE_URL;
const BEFORE = '0011_payment_references';

let handle: DatabaseHandle;
let dropDatabase = async () => {};
let scratch: string;

beforeAll(async () => {
  if (serverUrl) {
    const created = await createScratchDatabase(serverUrl);
    dropDatabase = created.drop;
    handle = await openDatabase({ kind: 'postgres', url: created.url, poolSize: 2 });
  } else {
    handle = await openDatabase({ kind: 'embedded', dataDir: undefined });
  }
  // The migrations as they were before 0008.
  scratch = await mkdtemp(join(tmpdir(), 'marquee-migrations-'));
  await cp(migrationsFolder, scratch, { recursive: true });
  const journalFile = join(scratch, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const cut = journal.entries.findIndex((entry) => entry.tag === BEFORE);
  await writeFile(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, cut) }));
  await migrate(handle.db, { migrationsFolder: scratch });
});

afterAll(async () => {
  await handle.close();
  await dropDatabase();
  await rm(scratch, { recursive: true, force: true });
});

describe(`migration ${BEFORE}`, () => {
  it('keeps references to payments as typed foreign keys and clears those naming no payment', async () => {
    const make = fixtures(handle.db);
    const plan = await make.plan({ title: 'Monthly', priceCents: 999, validityDays: 30 });
    const movie = await make.title({ kind: 'movie', rentPriceCents: 399 });
    const sql = (text: string, values: unknown[] = []) => handle.pool.query(text, values);
    const {
      rows: [user],
    } = await sql(`insert into users (issuer, subject, email, name) values ('https://issuer.example', 'subject-1', 'a@example.com', 'A') returning id`);
    const payment = async (purpose: 'subscription' | 'rental') =>
      (
        await sql(
          `insert into payments (user_id, provider, provider_order_id, purpose, plan_id, title_id, amount_cents, currency, status)
           values ($1, 'sandbox', gen_random_uuid()::text, $2, $3, $4, 999, 'USD', 'granted') returning id`,
          [user.id, purpose, purpose === 'subscription' ? plan.id : null, purpose === 'rental' ? movie.id : null],
        )
      ).rows[0].id as string;
    const paidSubscription = await payment('subscription');
    const paidRental = await payment('rental');
    const subscription = (ref: string | null) =>
      sql(`insert into subscriptions (user_id, plan_id, starts_at, ends_at, payment_ref) values ($1, $2, now(), now() + interval '30 days', $3) returning id`, [
        user.id,
        plan.id,
        ref,
      ]);
    const rental = (ref: string | null) =>
      sql(`insert into rentals (user_id, title_id, start_by, payment_ref) values ($1, $2, now() + interval '30 days', $3) returning id`, [user.id, movie.id, ref]);
    await subscription(paidSubscription);
    await subscription('granted by hand');
    await subscription(null);
    await rental(paidRental);
    await rental('00000000-0000-4000-8000-000000000000');

    expect((await migrateDatabase(handle)).applied).toBe(1);

    const refs = async (table: string) => (await sql(`select payment_ref from ${table} order by created_at, payment_ref nulls last`)).rows.map((r) => r.payment_ref);
    expect((await refs('subscriptions')).sort()).toEqual([paidSubscription, null, null].sort());
    expect((await refs('rentals')).sort()).toEqual([paidRental, null].sort());
    const types = await sql(`select table_name, data_type from information_schema.columns where column_name = 'payment_ref' order by table_name`);
    expect(types.rows).toEqual([
      { table_name: 'rentals', data_type: 'uuid' },
      { table_name: 'subscriptions', data_type: 'uuid' },
    ]);
    // Last: on the embedded database a failed statement ends the connection.
    await expect(rental('00000000-0000-4000-8000-000000000001')).rejects.toMatchObject({ code: '23503' });
  });
});
