import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type AppOptions } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { openDatabase, type Database, type DatabaseOptions } from '../src/db/client';
import { migrateDatabase } from '../src/db/migrate';

export interface TestContext {
  app: FastifyInstance;
  db: Database;
  config: Config;
  /** SQL statements run since the last `queries.length = 0`. */
  queries: string[];
  close(): Promise<void>;
}

/**
 * A built app on a fresh, migrated database: in-memory PGlite by default, or a new database on
 * the PostgreSQL server of DATABASE_URL (created here, dropped on close). The database is a copy
 * of the one test/global-setup.ts migrated once for the run, and this file's alone.
 */
export async function createTestContext(env: Record<string, string> = {}, options: Pick<AppOptions, 'limitClock'> = {}): Promise<TestContext> {
  const dataDir = await mkdtemp(join(tmpdir(), 'marquee-test-'));
  // Test files sign many viewers in from one address; the rate-limit tests set their own limits.
  const limits = { PUBLIC_WRITE_LIMIT_PER_IP: '100000' };
  const base = loadConfig({ ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, ...limits, ...env });
  const queries: string[] = [];
  const onQuery = (sql: string) => queries.push(sql);

  const migrated = inject('migrated');
  let dropDatabase = async () => {};
  let database = base.database;
  let opened: DatabaseOptions;
  if (database.kind === 'postgres') {
    const template = migrated?.kind === 'postgres' ? migrated.template : undefined;
    const created = await createScratchDatabase(database.url, { template });
    database = { ...database, url: created.url, poolSize: 4 };
    dropDatabase = created.drop;
    opened = database;
  } else {
    database = { kind: 'embedded', dataDir: undefined };
    opened = { ...database, snapshot: migrated?.kind === 'embedded' ? migrated.snapshot : undefined };
  }
  const config: Config = { ...base, database };
  const handle = await openDatabase({ ...opened, onQuery });
  // Applies nothing on a copy of the migrated database; everything when run without global-setup.
  await migrateDatabase(handle);
  const app = await buildApp({ config, db: handle.db, ...options });
  await app.ready();
  queries.length = 0;

  return {
    app,
    db: handle.db,
    config,
    queries,
    async close() {
      await app.close();
      await handle.close();
      await dropDatabase();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A new database on the PostgreSQL server of `serverUrl`, and how to drop it: empty, or a copy of
 * `template` (which nobody may be connected to).
 */
export async function createScratchDatabase(serverUrl: string, options: { template?: string } = {}) {
  const name = `marquee_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(options.template ? `create database ${name} template ${options.template}` : `create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
