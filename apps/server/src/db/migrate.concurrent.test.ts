import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entryPoints, startProcess, type ServerProcess } from '../../test/server-process';
import { createScratchDatabase } from '../../test/test-app';
import { migrationJournal } from './migrate';

const serverUrl = process.env.DATABASE_URL;

// Several servers of a site start together on a new release. Only a PostgreSQL server can be
// shared by processes (the embedded database belongs to one process), so this runs in the
// PostgreSQL pass of the suite.
describe.skipIf(!serverUrl)('servers starting together on an empty PostgreSQL database', () => {
  let database: Awaited<ReturnType<typeof createScratchDatabase>>;
  let dataDir: string;
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    database = await createScratchDatabase(serverUrl!);
    dataDir = await mkdtemp(join(tmpdir(), 'marquee-migrate-'));
  });

  afterAll(async () => {
    for (const server of servers) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('apply each migration once between them, and all of them serve', async () => {
    for (const n of [1, 2, 3]) {
      servers.push(
        startProcess(entryPoints.server, {
          DATABASE_URL: database.url,
          DATA_DIR: join(dataDir, `node-${n}`),
          PORT: '0',
          WORKERS: '0',
          SEED_DEMO: 'false',
          THIRD_PARTY_FEEDS: '',
          LOG_LEVEL: 'info',
        }),
      );
    }
    const urls = await Promise.all(servers.map(async (server) => (await server.waitFor(/running at (http:\/\/\S+)/))?.[1]));
    const outcomes = servers.map((server) => {
      const line = server.output().split('\n').find((l) => l.includes('"database migrated"'));
      return line ? (JSON.parse(line) as { applied: number; total: number }) : undefined;
    });

    const migrations = migrationJournal().length;
    expect(outcomes.map((o) => o?.total)).toEqual([migrations, migrations, migrations]);
    expect(outcomes.reduce((sum, o) => sum + (o?.applied ?? 0), 0)).toBe(migrations);

    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ rows: string; hashes: string }>(
        'select count(*) as rows, count(distinct hash) as hashes from drizzle.__drizzle_migrations',
      );
      expect(rows[0]).toEqual({ rows: String(migrations), hashes: String(migrations) });
    } finally {
      await client.end();
    }

    for (const url of urls) {
      expect(url).toBeTruthy();
      expect((await fetch(new URL('/readyz', url!))).status).toBe(200);
    }
  });
});
