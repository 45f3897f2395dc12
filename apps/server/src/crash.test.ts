import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContinueWatchingEntry, Session, WatchlistEntry } from '@marquee/contract';
import { loadConfig } from './config';
import type { DatabaseOptions } from './db/client';
import { inStoppedDatabase, type SiteDatabase } from '../test/stopped-database';
import { jobs, mediaAssets } from './db/schema';
import { generateDemoClip } from './demo/clips/demo-clips';
import { ingestVideo } from './modules/ingest/ingest.service';
import { mediaStoreFromConfig } from './storage/store-from-config';
import { resolveMediaTools } from './transcoding/ffmpeg-binaries';
import { waitFor } from './jobs/jobs.test-support';
import { createScratchDatabase } from '../test/test-app';
import { fixtures } from '../test/fixtures';
import { processesMentioning } from '../test/processes';
import { entryPoints, startProcess, type ServerProcess } from '../test/server-process';

/**
 * Power cuts: the real server process is killed with SIGKILL (no chance to clean up) in the middle
 * of a transcode and in the middle of a viewer's writes, then started again on the same data. The
 * embedded database in DATA_DIR by default; a scratch database on the PostgreSQL server of
 * DATABASE_URL when it is set.
 */
let dataDir: string;
let env: Record<string, string>;
let database: DatabaseOptions;
let dropDatabase = async () => {};
let running: ServerProcess | undefined;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'marquee-crash-'));
  // A temporary directory of its own: the jobs' scratch folders are looked at (jobs/scratch.ts).
  env = { PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, TMPDIR: join(dataDir, 'tmp'), SEED_DEMO: 'false', LOG_LEVEL: 'info', WORKERS: '1', LOGIN_LIMIT_PER_IP: '1000', JOB_LEASE_SECONDS: '10' };
  if (process.env.DATABASE_URL) {
    const scratch = await createScratchDatabase(process.env.DATABASE_URL);
    env.DATABASE_URL = scratch.url;
    dropDatabase = scratch.drop;
    database = { kind: 'postgres', url: scratch.url, poolSize: 2 };
  } else {
    database = { kind: 'embedded', dataDir: join(dataDir, 'db') };
  }
}, 60_000);
afterAll(async () => {
  if (running && running.child.exitCode === null) running.child.kill('SIGKILL');
  // Whatever a failed case left running under this data directory is this test's own.
  for (const pid of await processesMentioning(dataDir)) process.kill(Number(pid), 'SIGKILL');
  await dropDatabase();
  await rm(dataDir, { recursive: true, force: true });
});

const scratchRoot = () => join(env.TMPDIR!, 'marquee-scratch');
const scratchFolders = () => readdir(scratchRoot()).catch(() => [] as string[]);

/** Works on the data while no server runs (the embedded database admits one process at a time). */
const withData = <T>(work: (db: SiteDatabase) => Promise<T>): Promise<T> => inStoppedDatabase(database, work);

async function start(): Promise<string> {
  running = startProcess(entryPoints.server, env);
  const url = (await running.waitFor(/running at (http:\/\/\S+?)\/?\s/))?.[1];
  if (!url) throw new Error(`the server did not start:\n${running.output()}`);
  return url;
}

async function kill9(): Promise<void> {
  running!.child.kill('SIGKILL');
  await running!.exited;
}

async function stop(): Promise<void> {
  running!.child.kill('SIGTERM');
  expect(await running!.exited).toBe(0);
}

describe('kill -9 during a transcode', () => {
  it('leaves no ffmpeg behind; after a restart the job runs again and the video becomes playable; nothing stays pending', async () => {
    const config = loadConfig({ ...process.env, ...env, NODE_ENV: 'test' });
    const tools = await resolveMediaTools();
    const source = join(dataDir, 'source.mp4');
    // Long enough that the transcode is surely still running when the process dies.
    await generateDemoClip(tools, { output: source, variant: 'test-pattern', durationSeconds: 30, title: 'Crash', width: 640, height: 360 });
    const assetId = await withData(async (db) => {
      await fixtures(db).title({ slug: 'crash-day', name: 'Crash Day', isFree: true });
      return (await ingestVideo({ db, store: mediaStoreFromConfig(config), tools: async () => tools }, { file: source, target: { movie: 'crash-day', role: 'video' } })).assetId;
    });

    const first = await start();
    const encoders = () => processesMentioning(assetId);
    // Each probe reads every process's command line; a 30 s clip takes far longer than 250 ms to transcode.
    await waitFor(async () => (await encoders()).length > 0, { timeoutMs: 120_000, intervalMs: 250, what: 'ffmpeg to start transcoding' });
    const written = async () => (await Promise.all((await scratchFolders()).map((dir) => readdir(join(scratchRoot(), dir), { recursive: true })))).flat();
    await waitFor(async () => (await written()).length > 0, { timeoutMs: 60_000, intervalMs: 250, what: 'the transcode to write its first files' });
    const killedPid = running!.child.pid!;
    await kill9();
    await waitFor(async () => (await encoders()).length === 0, { timeoutMs: 15_000, intervalMs: 250, what: 'ffmpeg to die with its server' });
    expect((await (await fetch(`${first}/movie-name/crash-day`).catch(() => null))?.json()) ?? null).toBeNull();
    // The killed transcode's half-made package is left in its scratch folder.
    const [left] = await scratchFolders();
    expect(left, 'the killed job left its scratch folder').toContain(`_${killedPid}_`);
    expect(await written()).not.toEqual([]);

    const url = await start();
    // The restarted server's worker removes it at start-up, before the old lease has even run out.
    await waitFor(async () => !(await scratchFolders()).includes(left!), { timeoutMs: 30_000, intervalMs: 250, what: "the killed job's scratch folder to go" });
    // The dead worker's lease (JOB_LEASE_SECONDS, 10 s here: renewed every 3.3 s) runs out; the
    // restarted server takes the job up again. Asked twice a second, the server keeps its CPU for the transcode.
    await waitFor(async () => ((await (await fetch(`${url}/movie-name/crash-day`)).json()) as { url: string | null }).url !== null, {
      timeoutMs: 300_000,
      intervalMs: 500,
      what: 'the video to become playable after the restart',
    });
    await stop();
    expect(await encoders()).toEqual([]);
    expect(await scratchFolders()).toEqual([]);

    await withData(async (db) => {
      const [asset] = await db.select().from(mediaAssets).where(eq(mediaAssets.id, assetId));
      expect(asset).toMatchObject({ status: 'ready' });
      expect(await db.select().from(mediaAssets).where(eq(mediaAssets.status, 'pending'))).toEqual([]);
      const transcodes = (await db.select().from(jobs).where(eq(jobs.type, 'media.transcode'))).filter((job) => JSON.stringify(job.payload).includes(assetId));
      expect(transcodes.map((job) => job.status)).toEqual(['succeeded']);
      expect(transcodes[0]!.attempts).toBeGreaterThanOrEqual(2);
    });
  }, 600_000);
});

describe('kill -9 while a viewer is writing', () => {
  it('keeps every acknowledged write after a restart, none twice', async () => {
    const slugs = Array.from({ length: 24 }, (_, i) => `crash-title-${i}`);
    const ids = await withData(async (db) => {
      const make = fixtures(db);
      const made = [];
      for (const slug of slugs) made.push(await make.title({ slug, name: slug.replace(/-/g, ' ') }));
      return made.map((t) => t.id);
    });

    let url = await start();
    const session = await signUp(url, 'crash@example.com');
    const call = (path: string, body: object) =>
      fetch(`${url}${path}`, { method: 'PUT', headers: { authorization: `Bearer ${session.token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });

    // Writes in flight one after another; the process dies while they are still coming.
    const acknowledged = { watchlist: new Set<string>(), progress: new Map<string, number>() };
    const writes = (async () => {
      for (const [i, id] of ids.entries()) {
        const [add, save] = await Promise.all([
          call('/user/watchlist', { id, type: 'movie' }).catch(() => null),
          call('/user/progress', { titleId: id, position: 100 + i, duration: 6000 }).catch(() => null),
        ]);
        if (add?.status === 200) acknowledged.watchlist.add(id);
        if (save?.status === 200) acknowledged.progress.set(id, 100 + i);
      }
    })();
    await waitFor(async () => acknowledged.watchlist.size >= 6, { timeoutMs: 60_000, what: 'some writes to be acknowledged' });
    await kill9();
    await writes;
    expect(acknowledged.watchlist.size, 'the kill came while writes were still in flight').toBeLessThan(ids.length);

    url = await start();
    const get = async <T>(path: string): Promise<T> => (await fetch(`${url}${path}`, { headers: { authorization: `Bearer ${session.token}` } })).json() as Promise<T>;
    const saved = (await get<WatchlistEntry[]>('/user/watchlist')).map((entry) => entry.item._id);
    for (const id of acknowledged.watchlist) expect(saved, `acknowledged watchlist add of ${id}`).toContain(id);
    expect(new Set(saved).size, 'no title twice on the watchlist').toBe(saved.length);

    const watching = await get<ContinueWatchingEntry[]>('/user/continue-watching');
    const positions = new Map(watching.map((entry) => [entry.item._id, entry.position]));
    for (const [id, position] of acknowledged.progress) expect(positions.get(id), `acknowledged progress of ${id}`).toBe(position);
    expect(positions.size, 'one resume point per title').toBe(watching.length);
    await stop();
  }, 300_000);
});

/** The sign-in of behaviour.md §8 against the running server: nonce, development token, sign-up, login. */
async function signUp(url: string, email: string): Promise<Session> {
  const post = (path: string, body: object) => fetch(`${url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const { nonce } = (await (await fetch(`${url}/user/login/nonce`)).json()) as { nonce: string };
  const { id_token: idToken } = (await (await post('/dev-idp/token', { email, name: 'Crash Viewer', nonce })).json()) as { id_token: string };
  await post('/user/signup', { idToken });
  const login = await post('/user/login', { idToken });
  expect(login.status).toBe(200);
  return (await login.json()) as Session;
}
