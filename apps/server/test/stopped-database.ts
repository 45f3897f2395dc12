import { openDatabase, type DatabaseOptions } from '../src/db/client';
import { migrateDatabase } from '../src/db/migrate';

export type SiteDatabase = Awaited<ReturnType<typeof openDatabase>>['db'];

/**
 * Works on a site's database from the test process while no server of it runs (the embedded
 * database admits one process at a time): opens it, migrates, runs `work`, closes.
 */
export async function inStoppedDatabase<T>(database: DatabaseOptions, work: (db: SiteDatabase) => Promise<T>): Promise<T> {
  const handle = await openDatabase(database);
  try {
    await migrateDatabase(handle);
    return await work(handle.db);
  } finally {
    await handle.close();
  }
}
