import { loadConfigOrExit } from './config';
import { watchCatalogChanges } from './db/catalog-changes';
import { openDatabase } from './db/client';
import { createLogger } from './lib/logger';
import { siteSummary, testModeWarning } from './site-summary';
import { startJobWorkers } from './workers';

/**
 * `npm run worker`: job workers alone, for another machine sharing the PostgreSQL database (set
 * WORKERS=0 on the web servers then). It never migrates: the server does that at start-up.
 */
async function main(): Promise<void> {
  const { config, media } = await loadConfigOrExit();
  const log = createLogger(config);
  log.info(siteSummary(config, media), 'site');
  if (media.warning) log.warn(media.warning);
  const warning = testModeWarning(config);
  if (warning) log.warn(warning);
  const database = await openDatabase(config.database);
  // With REDIS_URL, the web nodes hear of catalogue changes through Redis: the videos this worker
  // makes ready must be announced there too.
  const changes = config.redisUrl ? await watchCatalogChanges(database.db, () => {}, { redisUrl: config.redisUrl }) : undefined;
  const worker = startJobWorkers({ config, db: database.db, log, concurrency: Math.max(1, config.media.workers) });
  log.info({ concurrency: Math.max(1, config.media.workers) }, 'worker started');

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'worker stopping');
    await worker.stop();
    await changes?.close();
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
