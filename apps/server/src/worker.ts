import { loadConfigOrExit } from './config';
import { openDatabase } from './db/client';
import { createLogger } from './lib/logger';
import { startJobWorkers } from './workers';

/**
 * `npm run worker`: job workers alone, for another machine sharing the PostgreSQL database (set
 * WORKERS=0 on the web servers then). It never migrates: the server does that at start-up.
 */
async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const log = createLogger(config);
  const database = await openDatabase(config.database);
  const worker = startJobWorkers({ config, db: database.db, log, concurrency: Math.max(1, config.media.workers) });
  log.info({ concurrency: Math.max(1, config.media.workers) }, 'worker started');

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'worker stopping');
    await worker.stop();
    await database.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
}

main().catch((error: unknown) => {
  process.stderr.write(`Marquee worker failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
