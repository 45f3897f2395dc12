import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtures } from '../../test/fixtures';
import { databaseMigratedBefore } from '../../test/migrated-before';
import type { DatabaseHandle } from './client';
import { migrateDatabase } from './migrate';

// 0013 merges the accounts a Google user got under each spelling of Google's issuer: the older
// account survives with everything both owned, and no account keeps the bare spelling.
const MIGRATION = '0013_google_issuer_spelling';

let handle: DatabaseHandle;
let pending: number;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ handle, pending, close } = await databaseMigratedBefore(MIGRATION));
});
afterAll(() => close());

describe(`migration ${MIGRATION}`, () => {
  it("merges a Google user's two accounts into the older one, keeping what each owned", async () => {
    const make = fixtures(handle.db);
    // Plans gained columns after this migration: written with the SQL of its time, not the schema's.
    const plan = (await handle.pool.query<{ id: string }>(`insert into subscription_plans (title, price_cents, validity_days) values ('Monthly', 999, 30) returning id`)).rows[0]!;
    const [both, onlyOld, onlyNew] = [await make.title({ kind: 'movie', rentPriceCents: 399 }), await make.title({ kind: 'movie' }), await make.title({ kind: 'movie' })];
    const sql = async (text: string, values: unknown[] = []) => (await handle.pool.query(text, values)).rows;
    const user = async (issuer: string, subject: string, age: string, role = 'viewer') =>
      (
        await sql(
          `insert into users (issuer, subject, email, name, role, created_at) values ($1, $2, $3, $3, $4, now() - $5::interval) returning id`,
          [issuer, subject, `${subject}@gmail.com`, role, age],
        )
      )[0]!.id as string;
    // The bare spelling came second for this person, and first for the other.
    const older = await user('https://accounts.google.com', 'ada', '30 days');
    const newer = await user('accounts.google.com', 'ada', '2 days', 'editor');
    const bareOnly = await user('accounts.google.com', 'grace', '10 days');
    const other = await user('https://dev-idp.example', 'ada', '5 days');

    for (const [owner, title, position, age] of [
      [older, both.id, 100, '3 days'],
      [newer, both.id, 900, '1 day'],
      [older, onlyOld.id, 50, '3 days'],
      [newer, onlyNew.id, 70, '1 day'],
    ] as const) {
      await sql(`insert into watch_progress (user_id, title_id, position_seconds, duration_seconds, updated_at) values ($1, $2, $3, 3600, now() - $4::interval)`, [owner, title, position, age]);
    }
    for (const [owner, title] of [[older, both.id], [newer, both.id], [newer, onlyNew.id]]) {
      await sql(`insert into watchlist_entries (user_id, title_id) values ($1, $2)`, [owner, title]);
    }
    const [payment] = await sql(
      `insert into payments (user_id, provider, provider_order_id, purpose, title_id, amount_cents, currency, status) values ($1, 'sandbox', 'order-1', 'rental', $2, 399, 'USD', 'granted') returning id`,
      [newer, both.id],
    );
    await sql(`insert into rentals (user_id, title_id, start_by, payment_ref) values ($1, $2, now() + interval '30 days', $3)`, [newer, both.id, payment!.id]);
    await sql(`insert into subscriptions (user_id, plan_id, starts_at, ends_at) values ($1, $2, now(), now() + interval '30 days')`, [newer, plan.id]);
    await sql(`insert into sessions (user_id, token_hash, expires_at) values ($1, 'hash-new', now() + interval '1 day'), ($2, 'hash-old', now() + interval '1 day')`, [newer, older]);
    const [note] = await sql(`insert into notifications (user_id, title) values ($1, 'Welcome') returning id`, [newer]);
    await sql(`insert into notification_reads (notification_id, user_id) values ($1, $2)`, [note!.id, newer]);

    expect((await migrateDatabase(handle)).applied).toBe(pending);

    const accounts = await sql(`select id, issuer, subject, role from users order by subject, issuer`);
    expect(accounts).toEqual([
      { id: older, issuer: 'https://accounts.google.com', subject: 'ada', role: 'editor' },
      { id: other, issuer: 'https://dev-idp.example', subject: 'ada', role: 'viewer' },
      { id: bareOnly, issuer: 'https://accounts.google.com', subject: 'grace', role: 'viewer' },
    ]);
    const owned = async (table: string) => (await sql(`select user_id from ${table}`)).map((r) => r.user_id as string);
    for (const table of ['payments', 'rentals', 'subscriptions', 'notifications', 'notification_reads']) expect(await owned(table), table).toEqual([older]);
    expect(await owned('sessions')).toEqual([older, older]);
    const progress = await sql(`select title_id, position_seconds from watch_progress where user_id = $1 order by position_seconds`, [older]);
    // The most recent position of the title both watched wins.
    expect(progress).toEqual([
      { title_id: onlyOld.id, position_seconds: 50 },
      { title_id: onlyNew.id, position_seconds: 70 },
      { title_id: both.id, position_seconds: 900 },
    ]);
    expect((await sql(`select title_id from watchlist_entries where user_id = $1`, [older])).map((r) => r.title_id).sort()).toEqual([both.id, onlyNew.id].sort());
    expect(await sql(`select count(*)::int as n from watchlist_entries`)).toEqual([{ n: 2 }]);
  });
});
