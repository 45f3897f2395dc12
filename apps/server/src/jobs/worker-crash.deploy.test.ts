import { spawnSync } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtures } from '../../test/fixtures';
import { processesMentioning } from '../../test/processes';
import { entryPoints, startProcess, type ServerProcess } from '../../test/server-process';
import { createScratchDatabase } from '../../test/test-app';
import { loadConfig } from '../config';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { migrateDatabase } from '../db/migrate';
import { jobs, mediaAssets } from '../db/schema';
import { ingestVideo } from '../modules/ingest/ingest.service';
import { mediaStoreFromConfig } from '../storage/store-from-config';
import { resolveMediaTools } from '../transcoding/ffmpeg-binaries';
import { waitFor } from './jobs.test-support';

const serverUrl = process.env.DATABASE_URL;

// A media worker process killed with SIGKILL in the middle of a transcode (no chance to release
// its job): another worker process, started afterwards, claims the job once the dead one's lease
// runs out and finishes it, and removes the killed one's scratch folder, not the folder of a job
// another worker of the machine runs. Only PostgreSQL is shared by processes, so this runs in that pass.
describe.skipIf(!serverUrl)('a worker killed during a transcode', () => {
  let database: Awaited<ReturnType<typeof createScratchDatabase>>;
  let handle: DatabaseHandle;
  let dataDir: string;
  const workers: ServerProcess[] = [];

  beforeAll(async () => {
    database = await createScratchDatabase(serverUrl!);
    dataDir = await mkdtemp(join(tmpdir(), 'marquee-worker-crash-'));
    handle = await openDatabase({ kind: 'postgres', url: database.url, poolSize: 2 });
    await migrateDatabase(handle);
  });

  afterAll(async () => {
    for (const worker of workers) {
      if (worker.child.exitCode === null) worker.child.kill('SIGTERM');
      await worker.exited;
    }
    // The killed worker's ffmpeg, orphaned with it, is ours to stop.
    for (const pid of await processesMentioning(dataDir)) process.kill(Number(pid), 'SIGKILL');
    await handle?.close();
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('is finished by another worker', { timeout: 300_000 }, async () => {
    // A short lease: the killed worker's job is free again seconds after its last renewal, not a minute.
    // One temporary directory for every worker: the processes of one machine.
    const env = { DATABASE_URL: database.url, DATA_DIR: dataDir, TMPDIR: join(dataDir, 'tmp'), WORKERS: '1', LOG_LEVEL: 'info', THIRD_PARTY_FEEDS: '', JOB_LEASE_SECONDS: '20' };
    const scratch = () => readdir(join(env.TMPDIR, 'marquee-scratch')).catch(() => [] as string[]);
    const scratchOf = async (worker: ServerProcess) => (await scratch()).filter((name) => name.includes(`_${worker.child.pid}_`));
    const config = loadConfig({ ...env, NODE_ENV: 'test' });
    const tools = await resolveMediaTools();
    const source = join(dataDir, 'source.mp4');
    const made = spawnSync(tools.ffmpeg, ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=1280x720:rate=25', '-f', 'lavfi', '-i', 'sine=frequency=440',
      '-t', '20', '-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac', '-shortest', source]);
    expect(made.status, String(made.stderr)).toBe(0);
    await fixtures(handle.db).title({ slug: 'crash', name: 'Crash' });
    const { assetId, jobId } = await ingestVideo({ db: handle.db, store: mediaStoreFromConfig(config), tools: async () => tools }, { file: source, target: { movie: 'crash', role: 'video' } });
    const job = async () => (await handle.db.select().from(jobs).where(eq(jobs.id, jobId)))[0]!;

    workers.push(startProcess(entryPoints.worker, env));
    await waitFor(async () => (await job()).status === 'running' && (await scratchOf(workers[0]!)).length > 0, { timeoutMs: 60_000, what: 'the first worker to start the transcode' });
    workers[0]!.child.kill('SIGKILL');
    await workers[0]!.exited;
    expect(await scratchOf(workers[0]!)).toHaveLength(1);

    // The next worker of the machine removes the killed one's scratch folder at start-up...
    workers.push(startProcess(entryPoints.worker, env));
    await waitFor(async () => (await scratchOf(workers[0]!)).length === 0, { timeoutMs: 60_000, intervalMs: 250, what: "the killed worker's scratch folder to go" });
    await waitFor(async () => (await scratchOf(workers[1]!)).length > 0, { timeoutMs: 60_000, intervalMs: 250, what: 'the second worker to take the transcode up' });
    // ...and one started while another runs a job leaves that job's folder alone.
    workers.push(startProcess(entryPoints.worker, env));
    expect(await workers[2]!.waitFor(/scratch folders of killed jobs removed/)).not.toBeNull();
    expect(await scratchOf(workers[1]!)).toHaveLength(1);
    await waitFor(async () => ['succeeded', 'failed'].includes((await job()).status), { timeoutMs: 240_000, what: 'another worker to finish the transcode' });
    const done = await job();
    expect(done.status, done.lastError ?? '').toBe('succeeded');
    expect(done.attempts).toBe(2);
    const [asset] = await handle.db.select().from(mediaAssets).where(eq(mediaAssets.id, assetId));
    expect(asset!.status).toBe('ready');
    // The handler's last steps follow the commit of its success; its folder goes when it returns.
    await waitFor(async () => (await scratch()).length === 0, { timeoutMs: 30_000, intervalMs: 250, what: "the finished job's scratch folder to go" });
  });
});
