import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtures } from '../../test/fixtures';
import { databaseMigratedBefore } from '../../test/migrated-before';
import type { DatabaseHandle } from './client';
import { migrateDatabase } from './migrate';

// 0011 turns the grants' text payment references into foreign keys: a database that granted
// before it keeps every reference that names a payment, and loses only those that name none.
const BEFORE = '0011_payment_references';

let handle: DatabaseHandle;
let pending: number;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ handle, pending, close } = await databaseMigratedBefore(BEFORE));
});
afterAll(() => close());

describe(`migration ${BEFORE}`, () => {
  it('keeps references to payments as typed foreign keys and clears those naming no payment', async () => {
    const make = fixtures(handle.db);
    // Plans gained columns after this migration: written with the SQL of its time, not the schema's.
    const plan = (await handle.pool.query<{ id: string }>(`insert into subscription_plans (title, price_cents, validity_days) values ('Monthly', 999, 30) returning id`)).rows[0]!;
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

    expect((await migrateDatabase(handle)).applied).toBe(pending);

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
