// Runs embedded PostgreSQL (PGlite, WASM) on its own thread and serves it over the PostgreSQL
// wire protocol on a Unix socket, so the main thread reaches it through the same `pg` driver it
// uses for a PostgreSQL server and never blocks its event loop on a query (decision 001).
// Plain JavaScript: scripts/build-server.mjs copies it into dist/ as it is, and Node starts it
// there and from the sources alike, with no loader or compile step.
import { mkdirSync, readFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

/** @type {{ dataDir: string | undefined, socketPath: string, snapshot?: string }} */
const { dataDir, socketPath, snapshot } = workerData;

if (dataDir) mkdirSync(dataDir, { recursive: true });
// PGlite's PostgreSQL takes the server defaults (shared_buffers 128MB, maintenance_work_mem 64MB)
// inside its WebAssembly memory, which grows as pages are touched and never shrinks
// (docs/performance.md, Memory). The data directory is on disk, so the OS cache still holds what
// these buffers do not; 32MB keeps a demo-sized catalogue's pages and indexes, and the WASM memory
// at its start size.
const SETTINGS = ['shared_buffers=32MB', 'maintenance_work_mem=16MB', 'temp_buffers=4MB'];
// A snapshot (a tarball of PGlite's data directory) is started from instead of a new, empty cluster.
const loadDataDir = snapshot ? new Blob([readFileSync(snapshot)]) : undefined;
const db = await PGlite.create(dataDir ?? 'memory://', {
  extensions: { pg_trgm },
  loadDataDir,
  startParams: [...PGlite.defaultStartParams, ...SETTINGS.flatMap((setting) => ['-c', setting])],
});
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
