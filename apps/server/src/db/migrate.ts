import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';
import { migrationsFolder } from '../server-files';
import type { DatabaseHandle } from './client';

export { migrationsFolder };

/** The advisory lock key every Marquee process takes to migrate ('mque'). */
const MIGRATION_LOCK = 0x6d717565;

export interface MigrationOutcome {
  /** Migrations this call applied (0 when another process had already applied them). */
  applied: number;
  /** Migrations the database has now, applied by anyone. */
  total: number;
}

/**
 * Applies the committed SQL migrations (drizzle's runtime migrator; drizzle-kit migrate cannot
 * drive PGlite) under a session-level advisory lock, on one connection held for the whole run.
 *
 * drizzle's migrator reads the last applied migration, then applies the newer ones in a
 * transaction: two processes doing that at once would both try to apply them, and one would fail
 * half-way. Holding the lock, processes that start together queue up; the first applies
 * everything and the others find nothing left to do. On the embedded database (one connection,
 * one process per data directory) the lock is uncontended and costs a round trip, so both
 * databases take the same path.
 */
export async function migrateDatabase(database: Pick<DatabaseHandle, 'pool'>): Promise<MigrationOutcome> {
  return withMigrationLock(database.pool, async (client) => {
    const before = (await appliedMigrations(client)).length;
    await migrate(drizzle(client), { migrationsFolder });
    const total = (await appliedMigrations(client)).length;
    return { applied: total - before, total };
  });
}

/**
 * Migrations of this build the database has not applied (drizzle applies a migration when its
 * journal time is after the last applied one's). For servers started with migrations off.
 */
export async function pendingMigrations(database: Pick<DatabaseHandle, 'pool'>): Promise<string[]> {
  const client = await database.pool.connect();
  try {
    const applied = await appliedMigrations(client);
    const last = Math.max(0, ...applied.map((m) => m.createdAt));
    return migrationJournal().filter((entry) => entry.when > last).map((entry) => entry.tag);
  } finally {
    client.release();
  }
}

export interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}

/** drizzle-kit's list of the migrations, in order (`drizzle/meta/_journal.json`). */
export function migrationJournal(folder = migrationsFolder): JournalEntry[] {
  const journal = JSON.parse(readFileSync(join(folder, 'meta', '_journal.json'), 'utf8')) as { entries: JournalEntry[] };
  return journal.entries;
}

async function withMigrationLock<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      return await work(client);
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } finally {
    client.release();
  }
}

async function appliedMigrations(client: pg.PoolClient): Promise<{ hash: string; createdAt: number }[]> {
  const { rows: exists } = await client.query<{ present: boolean }>(`select to_regclass('drizzle.__drizzle_migrations') is not null as present`);
  if (!exists[0]?.present) return [];
  const { rows } = await client.query<{ hash: string; created_at: string }>('select hash, created_at from drizzle.__drizzle_migrations');
  return rows.map((row) => ({ hash: row.hash, createdAt: Number(row.created_at) }));
}
