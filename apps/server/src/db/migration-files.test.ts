import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cp, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { serverDir } from '../server-files';
import { migrationJournal, migrationsFolder } from './migrate';

// Migrations are applied once, in journal order, by every database a release meets: these checks
// keep the folder in the shape drizzle's migrator (and every deployed database) relies on.

const journal = migrationJournal();

describe('migration files', () => {
  it('are numbered in journal order, each with its SQL file and snapshot', async () => {
    const files = await readdir(migrationsFolder);
    const snapshots = await readdir(join(migrationsFolder, 'meta'));
    journal.forEach((entry, position) => {
      expect(entry.idx, entry.tag).toBe(position);
      expect(entry.tag).toMatch(/^\d{4}_[a-z0-9_]+$/);
      expect(Number(entry.tag.slice(0, 4)), entry.tag).toBe(position);
      expect(files, entry.tag).toContain(`${entry.tag}.sql`);
      expect(snapshots, entry.tag).toContain(`${entry.tag.slice(0, 4)}_snapshot.json`);
    });
    expect(files.filter((f) => f.endsWith('.sql')).sort()).toEqual(journal.map((e) => `${e.tag}.sql`));
  });

  it('have strictly increasing journal times, or drizzle skips a migration older than the last applied', () => {
    for (const [previous, entry] of journal.slice(1).map((e, i) => [journal[i]!, e] as const)) {
      expect(entry.when, `${entry.tag} must be newer than ${previous.tag}: regenerate it after rebasing`).toBeGreaterThan(previous.when);
    }
  });

  it('have snapshots that form one chain (two migrations generated from the same parent collide)', async () => {
    let previousId = '00000000-0000-0000-0000-000000000000';
    for (const entry of journal) {
      const snapshot = JSON.parse(await readFile(join(migrationsFolder, 'meta', `${entry.tag.slice(0, 4)}_snapshot.json`), 'utf8')) as { id: string; prevId: string };
      expect(snapshot.prevId, `${entry.tag}: regenerate it on top of the latest migration`).toBe(previousId);
      previousId = snapshot.id;
    }
  });

  it('are never edited once committed: each matches its line in checksums.sha256', async () => {
    const listed = (await readFile(join(migrationsFolder, 'checksums.sha256'), 'utf8'))
      .split('\n')
      .filter(Boolean)
      .map((line) => {
        const [hash, file] = line.split(/\s+\*?/);
        return { hash, file };
      });
    const hint = 'a new migration is added with `sha256sum NNNN_name.sql >> checksums.sha256` in apps/server/drizzle; an applied one is never edited (write a new migration)';
    expect(listed.map((l) => l.file), hint).toEqual(journal.map((e) => `${e.tag}.sql`));
    for (const { hash, file } of listed) {
      const actual = createHash('sha256').update(await readFile(join(migrationsFolder, file!))).digest('hex');
      expect(actual, `${file} changed after it was committed: ${hint}`).toBe(hash);
    }
  });

  it('match the schema: drizzle-kit has nothing left to generate', async () => {
    // drizzle-kit only takes an output folder relative to the working directory.
    const scratch = await mkdtemp(join(tmpdir(), 'marquee-drizzle-'));
    try {
      await cp(migrationsFolder, scratch, { recursive: true });
      const { stdout } = await promisify(execFile)(
        'npx',
        ['drizzle-kit', 'generate', '--dialect', 'postgresql', '--schema', './src/db/schema/index.ts', '--out', relative(serverDir, scratch)],
        { cwd: serverDir },
      );
      expect(stdout, 'the schema changed without a migration: run `npm run db:generate -w @marquee/server`').toContain('No schema changes');
      expect((await readdir(scratch)).filter((f) => f.endsWith('.sql'))).toHaveLength(journal.length);
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
  });
});
