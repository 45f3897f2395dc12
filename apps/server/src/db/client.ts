import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock';
import * as schema from './schema';

export type Database = NodePgDatabase<typeof schema>;
/** A database or an open transaction: repositories accept either. */
export type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute' | 'transaction'>;

export interface DatabaseHandle {
  db: Database;
  pool: pg.Pool;
  /** 'embedded' (PGlite on a worker thread) or 'postgres' (a server from DATABASE_URL). */
  kind: 'embedded' | 'postgres';
  close(): Promise<void>;
}

export type DatabaseOptions = (
  | { kind: 'postgres'; url: string; poolSize?: number }
  /**
   * `dataDir` undefined: in memory (tests). `snapshot`: a tarball of a data directory
   * (PGlite's dumpDataDir) to start from instead of an empty cluster (tests start from a migrated one).
   */
  | { kind: 'embedded'; dataDir: string | undefined; snapshot?: string }
) & {
  /** Called with every SQL statement (tests count queries with it). */
  onQuery?: (sql: string) => void;
};

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const logger = options.onQuery ? { logQuery: options.onQuery } : false;
  if (options.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    // An idle client's error (a server restart) must not crash the process; the next query fails instead.
    pool.on('error', () => {});
    return { db: drizzle(pool, { schema, logger }), pool, kind: 'postgres', close: () => pool.end() };
  }
  return openEmbedded(options.dataDir, logger, options.snapshot);
}

async function openEmbedded(
  dataDir: string | undefined,
  logger: { logQuery: (sql: string) => void } | false,
  snapshot?: string,
): Promise<DatabaseHandle> {
  const unlock = dataDir ? lockDataDir(dataDir) : () => {};
  const socketDir = await mkdtemp(join(tmpdir(), 'marquee-pg-'));
  const worker = new Worker(new URL('./embedded-postgres.worker.mjs', import.meta.url), {
    workerData: { dataDir, socketPath: join(socketDir, '.s.PGSQL.5432'), snapshot },
  });
  try {
    await new Promise<void>((resolve, reject) => {
      worker.once('message', () => resolve());
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`Embedded database stopped during start-up (exit ${code})`)));
    });
  } catch (error) {
    unlock();
    throw error;
  }
  worker.removeAllListeners('exit');
  worker.removeAllListeners('error');
  const pool = new pg.Pool({
    host: socketDir,
    port: 5432,
    user: 'postgres',
    database: 'postgres',
    max: 1,
    // The embedded database is one backend that outlives its socket connections, so the statements a
    // closed connection named (the session lookup's) are still there when the pool opens the next,
    // which knows none of them and would name them again: drop them first. In the pool's hook, awaited
    // before the connection is handed out: from a 'connect' listener it would be queued beside the
    // first query, which pg answers with a DeprecationWarning (two queries at once on one client).
    onConnect: (client) => client.query('DEALLOCATE ALL').then(
      () => {},
      () => {},
    ),
  });
  // A client's error (e.g. the worker stopping) must not crash the process; the next query fails instead.
  pool.on('error', () => {});
  return {
    db: drizzle(pool, { schema, logger }),
    pool,
    kind: 'embedded',
    async close() {
      await pool.end();
      const closed = new Promise((resolve) => worker.once('message', resolve));
      worker.postMessage({ type: 'close' });
      await closed;
      await worker.terminate();
      await rm(socketDir, { recursive: true, force: true });
      unlock();
    },
  };
}
