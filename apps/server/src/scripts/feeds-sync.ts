/**
 * `npm run feeds:sync`: syncs every configured third-party feed once, now, and prints what each
 * did. With the embedded database the server must be stopped (it holds the data directory); the
 * demo partner's feed is served by the running server, so it is synced by the server itself.
 */
import { ConfigError, loadConfig, loadDotEnv } from '../config';
import { openDatabase } from '../db/client';
import { DataDirInUseError } from '../db/data-dir-lock';
import { migrateDatabase } from '../db/migrate';
import { createLogger } from '../lib/logger';
import { mediaStoreFromConfig } from '../storage/store-from-config';
import { syncFeeds } from '../modules/third-party/feed-sync.service';

async function main(): Promise<number> {
  loadDotEnv();
  const config = loadConfig();
  // Warnings only (failed feeds, skipped items): the summary below is the command's output.
  const log = createLogger({ logLevel: config.logLevel === 'silent' ? 'silent' : 'warn', logFormat: config.logFormat });
  if (config.thirdParty.feeds.length === 0) {
    process.stdout.write('No third-party feeds are configured (THIRD_PARTY_FEEDS).\n');
    return 0;
  }
  const database = await openDatabase(config.database);
  try {
    await migrateDatabase(database);
    const outcomes = await syncFeeds({ db: database.db, store: mediaStoreFromConfig(config), log, allowedOrigins: config.thirdParty.allowedOrigins }, config.thirdParty.feeds);
    for (const outcome of outcomes) {
      const detail =
        outcome.status === 'imported'
          ? `${outcome.added} added, ${outcome.updated} updated, ${outcome.unchanged} unchanged, ${outcome.disabled} disabled, ${outcome.skipped} skipped, ${outcome.failed} failed, in ${outcome.seconds} s`
          : outcome.status === 'failed'
            ? outcome.error
            : 'not modified since the last sync';
      process.stdout.write(`${outcome.feed}: ${outcome.status} (${detail})\n`);
    }
    return outcomes.some((o) => o.status === 'failed') ? 1 : 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    const known = error instanceof ConfigError || error instanceof DataDirInUseError;
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(known ? 2 : 1);
  },
);
