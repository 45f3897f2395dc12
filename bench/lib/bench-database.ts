import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig, type Config } from '@marquee/server/src/config';
import { openDatabase, type DatabaseHandle } from '@marquee/server/src/db/client';
import { migrateDatabase } from '@marquee/server/src/db/migrate';
import { benchProductionEnv } from './production-env';

export interface BenchDatabase {
  handle: DatabaseHandle;
  /** The server configuration the app is built with (logging off, the database opened here). */
  config: Config;
  /** 'embedded' or 'postgres', as printed in the reports. */
  label: string;
  close(): Promise<void>;
}

/**
 * A fresh, migrated database like the server tests use (apps/server/test/test-app.ts): in-memory
 * PGlite by default, or a scratch database on the PostgreSQL server of DATABASE_URL, dropped on close.
 * `onQuery` sees every statement the app's database handle runs (the statement counts);
 * `embeddedOnDisk`: PGlite in a data directory (removed on close) rather than in memory.
 */
export async function openBenchDatabase(options: { onQuery?: (sql: string) => void; embeddedOnDisk?: boolean } = {}): Promise<BenchDatabase> {
  // The app writes under DATA_DIR (media, the development identity provider's key): keep that out of the tree.
  const dataDir = await mkdtemp(join(tmpdir(), 'marquee-bench-'));
  // Logging off: pino writing a line per request would be what the benchmark measures.
  const base = loadConfig({ ...process.env, ...benchProductionEnv, LOG_LEVEL: 'silent', DATA_DIR: dataDir });
  let database = base.database;
  let drop = async () => {};
  if (database.kind === 'postgres') {
    const scratch = await createScratchDatabase(database.url);
    database = { ...database, url: scratch.url };
    drop = scratch.drop;
  } else {
    // On disk, as the server keeps it, when what is measured is the process's memory: in memory,
    // PGlite keeps every data and WAL file in the process too.
    database = { kind: 'embedded', dataDir: options.embeddedOnDisk ? join(dataDir, 'db') : undefined };
  }
  const handle = await openDatabase({ ...database, onQuery: options.onQuery });
  await migrateDatabase(handle);
  return {
    handle,
    config: { ...base, database },
    label: `${database.kind === 'postgres' ? 'postgres' : 'embedded PGlite'} ${await serverVersion(handle)}`,
    async close() {
      await handle.close();
      await drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

async function serverVersion(handle: DatabaseHandle): Promise<string> {
  const { rows } = await handle.pool.query<{ v: string }>(`select current_setting('server_version') as v`);
  return rows[0]?.v.split(' ')[0] ?? '?';
}

export async function createScratchDatabase(serverUrl: string) {
  const name = `marquee_bench_${randomBytes(6).toString('hex')}`;
  await onServer(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => onServer(serverUrl, `drop database if exists ${name} with (force)`),
  };
}

/** Runs one statement on the server's default database (create/drop cannot run inside the scratch one). */
async function onServer(url: string, statement: string): Promise<void> {
  const admin = await openDatabase({ kind: 'postgres', url, poolSize: 1 });
  try {
    await admin.pool.query(statement);
  } finally {
    await admin.close();
  }
}
