/**
 * `npm run migrate` (compiled: `npm run migrate:prod`): applies the committed migrations and
 * exits, as a deployment step before new servers start. Safe to run while servers run, and from
 * several machines at once: migrations are applied under the same advisory lock servers take.
 */
import { ConfigError, loadConfig, loadDotEnv } from '../config';
import { openDatabase } from '../db/client';
import { DataDirInUseError } from '../db/data-dir-lock';
import { migrateDatabase } from '../db/migrate';

async function main(): Promise<void> {
  loadDotEnv();
  const config = loadConfig();
  const database = await openDatabase(config.database);
  try {
    const { applied, total } = await migrateDatabase(database);
    const where = config.database.kind === 'embedded' ? `the embedded database in ${config.database.dataDir}` : 'PostgreSQL';
    process.stdout.write(`Applied ${applied} migration${applied === 1 ? '' : 's'} to ${where}; ${total} in all.\n`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  const known = error instanceof ConfigError || error instanceof DataDirInUseError;
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(known ? 2 : 1);
});
