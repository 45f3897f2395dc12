import { loadConfigOrExit } from './config';
import { buildApp } from './app';
import { armCrashPoint } from './lib/crash-points';
import { openDatabase } from './db/client';
import { migrateDatabase } from './db/migrate';
import { seedDemoCatalogue } from './demo/catalogue/seed-demo';
import { queueRetention } from './jobs/retention.job';
import type { RunningWorker } from './jobs/worker';
import { queuePaymentReconciliation } from './modules/billing/reconcile.job';
import { queueBillingReminders } from './modules/billing/reminders.job';
import { queueDemoMedia } from './demo/clips/demo-media.job';
import { queueStrandedAssetsCheck } from './modules/ingest/stranded-assets.job';
import { queueThirdPartySync } from './modules/third-party/third-party-sync.job';
import { siteSummary, testModeWarning } from './site-summary';
import { startJobWorkers } from './workers';

/** Start-up: configuration, database, migrations, demo seed, then listen until a signal arrives. */
async function main(): Promise<void> {
  const { config, media } = await loadConfigOrExit();
  armCrashPoint(config.testCrashAt);

  const database = await openDatabase(config.database);
  const migrations = await migrateDatabase(database);
  const app = await buildApp({ config, db: database.db });
  app.log.info(siteSummary(config, media), 'site');
  if (media.warning) app.log.warn(media.warning);
  const warning = testModeWarning(config);
  if (warning) app.log.warn(warning);
  app.log.info(migrations, 'database migrated');

  // Queued before the demo media, so a single worker fills the third-party section first.
  await queueThirdPartySync(database.db, { ...config.thirdParty, log: app.log });
  await queueBillingReminders(database.db);
  await queuePaymentReconciliation(database.db, { intervalMs: config.paymentsReconcileMs });
  await queueStrandedAssetsCheck(database.db);
  await queueRetention(database.db);

  if (config.seedDemo) {
    const started = Date.now();
    const { seeded } = await seedDemoCatalogue({
      db: database.db,
      mediaDir: config.mediaDir,
      log: (msg) => app.log.info(msg),
    });
    if (seeded) {
      app.log.info({ ms: Date.now() - started }, 'demo catalogue seeded');
      await queueDemoMedia(database.db);
    }
  }

  let worker: RunningWorker | undefined;

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // A stuck connection must not keep the process alive forever.
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    // Running jobs are released, not failed: the next start (or another worker) picks them up.
    await worker?.stop();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const where = config.database.kind === 'embedded' ? `embedded database in ${config.database.dataDir}` : 'PostgreSQL';
  if (config.media.workers > 0) {
    worker = startJobWorkers({ config, db: database.db, log: app.log, concurrency: config.media.workers });
  }
  process.stdout.write(`\nMarquee is running at http://${shownHost}:${port}/  (${where})${warning ? `\n${warning}` : ''}\n\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`Marquee failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
