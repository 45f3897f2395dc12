import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrateDatabase } from '../src/db/migrate';

declare module 'vitest' {
  export interface ProvidedContext {
    /**
     * A migrated database each test file copies instead of migrating its own (test-app.ts): a
     * tarball of an embedded data directory, or a template database on DATABASE_URL's server.
     */
    migrated: { kind: 'embedded'; snapshot: string } | { kind: 'postgres'; template: string };
  }
}

/**
 * Once per run, before any test file: applies every migration to one database. Each file then
 * starts from a copy of it (PGlite: its data directory loaded from the tarball; PostgreSQL:
 * `create database … template`), still a database of its own, instead of running initdb and the
 * migrations again.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const template = `marquee_template_${randomBytes(6).toString('hex')}`;
    await admin(serverUrl, `create database ${template}`);
    const url = new URL(serverUrl);
    url.pathname = `/${template}`;
    const pool = new pg.Pool({ connectionString: url.toString(), max: 1 });
    try {
      await migrateDatabase({ pool });
    } finally {
      await pool.end();
    }
    project.provide('migrated', { kind: 'postgres', template });
    return () => admin(serverUrl, `drop database if exists ${template} with (force)`);
  }

  const dir = await mkdtemp(join(tmpdir(), 'marquee-test-snapshot-'));
  const db = await PGlite.create('memory://', { extensions: { pg_trgm } });
  const server = new PGLiteSocketServer({ db, path: join(dir, '.s.PGSQL.5432'), maxConnections: 1 });
  await server.start();
  const pool = new pg.Pool({ host: dir, port: 5432, user: 'postgres', database: 'postgres', max: 1 });
  try {
    await migrateDatabase({ pool });
  } finally {
    await pool.end();
    await server.stop();
  }
  const snapshot = join(dir, 'migrated.tar');
  // Uncompressed: each test file reads it, and unpacking costs more than the bytes saved.
  await writeFile(snapshot, Buffer.from(await (await db.dumpDataDir('none')).arrayBuffer()));
  await db.close();
  project.provide('migrated', { kind: 'embedded', snapshot });
  return () => rm(dir, { recursive: true, force: true });
}

async function admin(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
