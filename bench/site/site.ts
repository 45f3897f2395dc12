import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { openDatabase } from '@marquee/server/src/db/client';
import { migrateDatabase } from '@marquee/server/src/db/migrate';
import { mediaAssets } from '@marquee/server/src/db/schema';
import { seedDemoCatalogue } from '@marquee/server/src/demo/catalogue/seed-demo';
import { linkDemoMedia } from '@marquee/server/src/demo/clips/demo-media.repository';
import { packageVideo } from '@marquee/server/src/transcoding/package-hls';
import { createScratchDatabase } from '../lib/bench-database';
import { spawnListening, type ListeningProcess } from '../lib/processes';
import { benchMediaTools, makeSourceClip } from '../streaming/streaming-media';
import { benchProductionEnv } from '../lib/production-env';

const REPO = resolve(import.meta.dirname, '../..');
const SERVER_ENTRY = join(REPO, 'apps/server/dist/server.js');

/** A data directory (and, with DATABASE_URL, a scratch database) holding the demo site, ready to serve. */
export interface PreparedSite {
  dataDir: string;
  databaseUrl: string | undefined;
  /** 'embedded PGlite' or 'postgres'. */
  label: string;
  /** A paid movie (its page offers the trailer) and a free one (its page plays the full title, signed). */
  paidMovieSlug: string;
  freeMovieSlug: string;
  close(): Promise<void>;
}

export interface SiteServer extends ListeningProcess {
  pid: number;
}

/**
 * The site as a visitor meets it: the demo catalogue with its artwork, every title's trailer and
 * full video packaged by the real pipeline (one clip shared by all, as the demo shares its clips),
 * in a data directory of its own, on embedded PGlite or a scratch PostgreSQL database.
 */
export async function prepareSite(options: { clipSeconds: number }): Promise<PreparedSite> {
  const dataDir = await mkdtemp(join(tmpdir(), 'marquee-bench-site-'));
  const serverUrl = process.env.DATABASE_URL;
  const scratch = serverUrl ? await createScratchDatabase(serverUrl) : undefined;
  const cleanUp = async () => {
    await scratch?.drop();
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    const handle = await openDatabase(scratch ? { kind: 'postgres', url: scratch.url } : { kind: 'embedded', dataDir: join(dataDir, 'db') });
    try {
      await migrateDatabase(handle);
      await seedDemoCatalogue({ db: handle.db, mediaDir: join(dataDir, 'media') });
      await addMedia({ db: handle.db, dataDir, clipSeconds: options.clipSeconds });
      const slug = async (free: boolean) => {
        const { rows } = await handle.pool.query<{ slug: string }>(
          `select slug from titles where kind = 'movie' and not is_third_party and is_enable and is_free = $1 order by name limit 1`,
          [free],
        );
        return rows[0]!.slug;
      };
      return {
        dataDir,
        databaseUrl: scratch?.url,
        label: scratch ? 'postgres' : 'embedded PGlite',
        paidMovieSlug: await slug(false),
        freeMovieSlug: await slug(true),
        close: cleanUp,
      };
    } finally {
      await handle.close();
    }
  } catch (error) {
    await cleanUp();
    throw error;
  }
}

/** `npm run build`'s two halves: the web app (when stale) and the compiled server. */
export function buildSite(): void {
  for (const [label, args] of [
    ['web app', ['--input-type=module', '-e', "import('./scripts/web-build.mjs').then((m) => m.buildWebIfStale())"]],
    ['server', ['scripts/build-server.mjs']],
  ] as const) {
    const result = spawnSync(process.execPath, args, { cwd: REPO, stdio: ['ignore', 'inherit', 'inherit'] });
    if (result.status !== 0) throw new Error(`building the ${label} failed (${result.status})`);
  }
}

/**
 * The compiled server (`npm run start:prod`) on a free port over a prepared site, production mode,
 * no background workers. Its own process, so its memory is its own.
 */
export async function startSite(site: PreparedSite, env: Record<string, string> = {}): Promise<SiteServer> {
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const server = await spawnListening({
    command: process.execPath,
    args: ['--enable-source-maps', SERVER_ENTRY],
    cwd: REPO,
    env: {
      ...inherited,
      ...benchProductionEnv,
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: site.dataDir,
      SEED_DEMO: 'false',
      WORKERS: '0',
      LOG_LEVEL: 'warn',
      ...(site.databaseUrl ? { DATABASE_URL: site.databaseUrl } : {}),
      ...env,
    },
    // Opening the embedded database and building the read model take minutes on a loaded machine.
    timeoutMs: 300_000,
    origin: (line) => {
      const port = /Marquee is running at http:\/\/[^:]+:(\d+)\//.exec(line)?.[1];
      return port ? `http://127.0.0.1:${port}` : null;
    },
  });
  return { ...server, pid: server.child.pid! };
}

/** Resident memory of a process, in MB (Linux). */
export function residentMegabytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? NaN);
  return kb / 1024;
}

async function addMedia(input: { db: Parameters<typeof linkDemoMedia>[0]; dataDir: string; clipSeconds: number }): Promise<void> {
  const tools = await benchMediaTools();
  const workDir = await mkdtemp(join(tmpdir(), 'marquee-bench-site-media-'));
  try {
    const source = join(workDir, 'source.mp4');
    await makeSourceClip(tools, { output: source, durationSeconds: input.clipSeconds });
    const packaged = await packageVideo(tools, { input: source, outputDir: join(workDir, 'hls') });
    const ids: Record<'public' | 'private', string> = { public: '', private: '' };
    for (const access of ['public', 'private'] as const) {
      const id = randomUUID();
      await input.db.insert(mediaAssets).values({
          id,
          access,
          status: 'ready',
          sourceKey: `sources/${id}.mp4`,
          storagePrefix: `videos/${id}`,
          durationSeconds: Math.round(packaged.durationSeconds),
          width: packaged.width,
          height: packaged.height,
          hasAudio: packaged.hasAudio,
          renditions: packaged.renditions,
          posterKey: packaged.posterFile,
          thumbnailsKey: packaged.thumbnailsFile,
        });
      ids[access] = id;
      const area = access === 'public' ? 'media' : 'private-media';
      await cp(join(workDir, 'hls'), join(input.dataDir, area, 'videos', id), { recursive: true });
    }
    await linkDemoMedia(input.db, { trailers: [ids.public], videos: [ids.private] });
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}
