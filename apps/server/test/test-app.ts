import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { openDatabase, type Database } from '../src/db/client';
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
 * the PostgreSQL server of DATABASE_URL (created here, dropped on close).
 */
export async function createTestContext(env: Record<string, string> = {}): Promise<TestContext> {
  const dataDir = await mkdtemp(join(tmpdir(), 'marquee-test-'));
  const base = loadConfig({ ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, ...env });
  const queries: string[] = [];
  const onQuery = (sql: string) => queries.push(sql);

  let dropDatabase = async () => {};
  let database = base.database;
  if (database.kind === 'postgres') {
    const created = await createScratchDatabase(database.url);
    database = { ...database, url: created.url, poolSize: 4 };
    dropDatabase = created.drop;
  } else {
    database = { kind: 'embedded', dataDir: undefined };
  }
  const config: Config = { ...base, database };
  const handle = await openDatabase({ ...database, onQuery });
  await migrateDatabase(handle);
  const app = await buildApp({ config, db: handle.db });
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

/** A new, empty database on the PostgreSQL server of `serverUrl`, and how to drop it. */
export async function createScratchDatabase(serverUrl: string) {
  const name = `marquee_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
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
