import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { openDatabase, type DatabaseHandle } from '../src/db/client';
import { migrationsFolder } from '../src/db/migrate';
import { createScratchDatabase } from './test-app';

/**
 * A fresh database (embedded, or a scratch one on DATABASE_URL's server) migrated up to, not
 * including, `tag`: the state a deployed database is in when a release bringing `tag` arrives.
 * `pending` is how many migrations the current build will apply to it.
 */
export async function databaseMigratedBefore(tag: string): Promise<{ handle: DatabaseHandle; pending: number; close(): Promise<void> }> {
  const serverUrl = process.env.DATABASE_URL;
  let handle: DatabaseHandle;
  let dropDatabase = async () => {};
  if (serverUrl) {
    const created = await createScratchDatabase(serverUrl);
    dropDatabase = created.drop;
    handle = await openDatabase({ kind: 'postgres', url: created.url, poolSize: 2 });
  } else {
    handle = await openDatabase({ kind: 'embedded', dataDir: undefined });
  }
  const scratch = await mkdtemp(join(tmpdir(), 'marquee-migrations-'));
  await cp(migrationsFolder, scratch, { recursive: true });
  const journalFile = join(scratch, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const cut = journal.entries.findIndex((entry) => entry.tag === tag);
  if (cut < 0) throw new Error(`no migration ${tag}`);
  await writeFile(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, cut) }));
  await migrate(handle.db, { migrationsFolder: scratch });
  return {
    handle,
    pending: journal.entries.length - cut,
    async close() {
      await handle.close();
      await dropDatabase();
      await rm(scratch, { recursive: true, force: true });
    },
  };
}
