import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtures } from '../../test/fixtures';
import { databaseMigratedBefore } from '../../test/migrated-before';
import type { DatabaseHandle } from './client';
import { migrateDatabase } from './migrate';

// 0015 brings household profiles: every account gets a first profile, and its watchlist, progress,
// notifications' read state and live sessions move to it, so nobody sees anything change.
const BEFORE = '0015_profiles';

let handle: DatabaseHandle;
let pending: number;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ handle, pending, close } = await databaseMigratedBefore(BEFORE));
});
afterAll(() => close());

describe(`migration ${BEFORE}`, () => {
  it("moves each account's watchlist, progress, read notifications and sessions to its first profile", async () => {
    const make = fixtures(handle.db);
    const film = await make.title({ kind: 'movie' });
    const other = await make.title({ kind: 'movie' });
    const sql = (text: string, values: unknown[] = []) => handle.pool.query(text, values);
    const account = async (name: string) =>
      (
        await sql(`insert into users (issuer, subject, email, name, image) values ('https://issuer.example', $1, $2, $1, '/avatars/a.webp') returning id`, [
          name,
          `${name.toLowerCase()}@example.com`,
        ])
      ).rows[0].id as string;
    const ada = await account('Ada');
    const bob = await account('Bob');
    await account('Cyd');
    await sql(`insert into sessions (user_id, token_hash, expires_at) values ($1, 'hash-ada', now() + interval '1 day')`, [ada]);
    await sql(`insert into watchlist_entries (user_id, title_id) values ($1, $2), ($1, $3), ($4, $2)`, [ada, film.id, other.id, bob]);
    await sql(`insert into watch_progress (user_id, title_id, position_seconds, duration_seconds) values ($1, $2, 600, 6000)`, [bob, film.id]);
    const note = (await sql(`insert into notifications (user_id, title) values (null, 'Hello') returning id`)).rows[0].id as string;
    await sql(`insert into notification_reads (notification_id, user_id) values ($1, $2)`, [note, ada]);

    expect((await migrateDatabase(handle)).applied).toBe(pending);

    const profiles = (await sql(`select id, user_id, name, avatar, is_kids, max_age_rating from profiles order by name`)).rows;
    expect(profiles.map((p) => [p.name, p.is_kids, p.max_age_rating])).toEqual([
      ['Ada', false, null],
      ['Bob', false, null],
      ['Cyd', false, null],
    ]);
    const profileOf = (userId: string) => profiles.find((p) => p.user_id === userId)!.id as string;
    const rows = async (table: string) => (await sql(`select user_id, profile_id from ${table} order by user_id, profile_id`)).rows;
    for (const table of ['watchlist_entries', 'watch_progress', 'notification_reads', 'sessions']) {
      for (const row of await rows(table)) expect(row.profile_id, table).toBe(profileOf(row.user_id));
    }
    expect(await rows('watchlist_entries')).toHaveLength(3);
    expect(await rows('watch_progress')).toHaveLength(1);
    expect(await rows('notification_reads')).toHaveLength(1);
    // The same title now goes on a second profile's watchlist as well: the key is the profile's.
    const kid = (await sql(`insert into profiles (user_id, name, is_kids) values ($1, 'Kid', true) returning id`, [ada])).rows[0].id as string;
    await sql(`insert into watchlist_entries (user_id, profile_id, title_id) values ($1, $2, $3)`, [ada, kid, film.id]);
    // Last: on the embedded database a failed statement ends the connection.
    await expect(sql(`insert into profiles (user_id, name, max_age_rating) values ($1, 'Odd', 99)`, [ada])).rejects.toMatchObject({ code: '23514' });
  });
});
