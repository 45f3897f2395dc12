// Runs embedded PostgreSQL (PGlite, WASM) on its own thread and serves it over the PostgreSQL
// wire protocol on a Unix socket, so the main thread reaches it through the same `pg` driver it
// uses for a PostgreSQL server and never blocks its event loop on a query (decision 001).
// Plain JavaScript because Node 20 cannot start a TypeScript file as a worker's entry point.
import { mkdirSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

/** @type {{ dataDir: string | undefined, socketPath: string }} */
const { dataDir, socketPath } = workerData;

if (dataDir) mkdirSync(dataDir, { recursive: true });
const db = await PGlite.create(dataDir ?? 'memory://', { extensions: { pg_trgm } });
// One connection: PGlite runs one session, and interleaving two clients' transactions on it
// would mix them. The main thread's pool is sized to match.
const server = new PGLiteSocketServer({ db, path: socketPath, maxConnections: 1 });
await server.start();
parentPort?.postMessage({ type: 'ready' });

parentPort?.on('message', async (message) => {
  if (message?.type !== 'close') return;
  await server.stop();
  await db.close();
  parentPort?.postMessage({ type: 'closed' });
});
