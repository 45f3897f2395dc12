import { spawnSync } from 'node:child_process';
import { appendFile, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtures, mediaAsset } from '../test/fixtures';
import { createScratchDatabase } from '../test/test-app';
import { openDatabase, type DatabaseHandle } from './db/client';
import { migrateDatabase } from './db/migrate';

const serverUrl = process.env.DATABASE_URL;
const deploy = resolve(import.meta.dirname, '../../../deploy');

/** Runs one of deploy/'s scripts as an operator would. */
function script(name: 'backup.sh' | 'restore.sh', arg: string, env: Record<string, string>) {
  const run = spawnSync('bash', [join(deploy, name), arg], { env: { PATH: process.env.PATH, ...env }, encoding: 'utf8' });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

const count = async (db: DatabaseHandle['db'], table: string) =>
  Number(((await db.execute(sql.raw(`select count(*) as n from ${table}`))).rows[0] as { n: string }).n);

// deploy/backup.sh and deploy/restore.sh, the procedure docs/operations.md gives, on the machine's
// PostgreSQL: a site backed up, restored into an empty database and data directory, and whole.
describe.skipIf(!serverUrl)('backup and restore (deploy/)', () => {
  let source: Awaited<ReturnType<typeof createScratchDatabase>>;
  let target: Awaited<ReturnType<typeof createScratchDatabase>>;
  let dir: string;
  let handle: DatabaseHandle;
  let segmentPath: string;

  beforeAll(async () => {
    [source, target] = await Promise.all([createScratchDatabase(serverUrl!), createScratchDatabase(serverUrl!)]);
    dir = await mkdtemp(join(tmpdir(), 'marquee-backup-'));
    handle = await openDatabase({ kind: 'postgres', url: source.url, poolSize: 2 });
    await migrateDatabase(handle);
    const asset = await mediaAsset({ db: handle.db, config: { mediaDir: join(dir, 'site', 'media'), privateMediaDir: join(dir, 'site', 'private-media') } }, 'private');
    await fixtures(handle.db).title({ slug: 'kept', name: 'Kept', videoAssetId: asset.id });
    segmentPath = join(asset.storagePrefix, '360p', 'segment0.m4s');
  });

  afterAll(async () => {
    await handle?.close();
    await Promise.all([source?.drop(), target?.drop()]);
    await rm(dir, { recursive: true, force: true });
  });

  it('brings back the database and private media into an empty site', async () => {
    const backup = script('backup.sh', join(dir, 'backup'), { DATABASE_URL: source.url, DATA_DIR: join(dir, 'site') });
    expect(backup.status, backup.output).toBe(0);

    const restore = script('restore.sh', join(dir, 'backup'), { DATABASE_URL: target.url, DATA_DIR: join(dir, 'restored') });
    expect(restore.status, restore.output).toBe(0);
    const restored = await openDatabase({ kind: 'postgres', url: target.url, poolSize: 2 });
    try {
      for (const table of ['titles', 'media_assets', 'drizzle.__drizzle_migrations']) {
        expect(await count(restored.db, table), table).toBe(await count(handle.db, table));
      }
      // A server starting on it finds nothing to migrate.
      expect((await migrateDatabase(restored)).applied).toBe(0);
    } finally {
      await restored.close();
    }
    expect((await readFile(join(dir, 'restored', 'private-media', segmentPath))).equals(await readFile(join(dir, 'site', 'private-media', segmentPath)))).toBe(true);
  });

  it('refuses a database that is not empty, and a damaged backup', async () => {
    const again = script('restore.sh', join(dir, 'backup'), { DATABASE_URL: target.url, DATA_DIR: join(dir, 'restored') });
    expect(again.status).toBe(1);
    expect(again.output).toContain('is not empty');
    await appendFile(join(dir, 'backup', 'database.dump'), 'x');
    const damaged = script('restore.sh', join(dir, 'backup'), { DATABASE_URL: target.url, DATA_DIR: join(dir, 'restored') });
    expect(damaged.status).toBe(1);
    expect(damaged.output).toContain('is damaged');
  });
});
