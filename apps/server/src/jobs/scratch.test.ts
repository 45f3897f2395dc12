import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-app';
import { closeContext, gate, openAllGates, recordingLog, uniqueType, waitFor } from './jobs.test-support';
import * as queue from './queue';
import { processTag } from './scratch';
import { startWorker, type JobHandler, type RunningWorker } from './worker';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => closeContext(ctx));

// A scratch root of each test's own: the machine's is shared with every other process.
let root: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'marquee-scratch-test-'));
});
const started: RunningWorker[] = [];
afterEach(async () => {
  openAllGates();
  await Promise.all(started.splice(0).map((w) => w.stop()));
  await rm(root, { recursive: true, force: true });
});

const start = (handlers: Record<string, JobHandler>, log = recordingLog()) => {
  const worker = startWorker({ db: ctx.db, log, handlers, pollIntervalMs: 50, leaseMs: 5_000, scratchRoot: root });
  started.push(worker);
  return worker;
};
const statusOf = async (id: string) => (await queue.getJob(ctx.db, id))?.status;
/** A handler that writes into its scratch folder, tells the test where it is, then does `then`. */
const writing = (seen: string[], then: (signal: AbortSignal) => Promise<void>): JobHandler => async (_job, ctx) => {
  const dir = await ctx.scratchDir();
  expect(await ctx.scratchDir()).toBe(dir);
  await writeFile(join(dir, 'segment.m4s'), 'partial output');
  seen.push(dir);
  await then(ctx.signal);
};

describe("a job's scratch folder", () => {
  it('is removed when the job succeeds, when it fails, and when its worker stops', async () => {
    const [ok, boom, slow] = [uniqueType('ok'), uniqueType('boom'), uniqueType('slow')];
    const seen: string[] = [];
    const running = gate();
    const worker = start({
      [ok]: writing(seen, async () => {}),
      [boom]: writing(seen, async () => {
        throw new Error('ffmpeg exited with code 1');
      }),
      [slow]: writing(seen, async (signal) => {
        running.open();
        await new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason as Error)));
      }),
    });
    const succeeded = await queue.enqueue(ctx.db, { type: ok, payload: {} });
    const failed = await queue.enqueue(ctx.db, { type: boom, payload: {}, maxAttempts: 1 });
    await waitFor(async () => (await statusOf(succeeded)) === 'succeeded' && (await statusOf(failed)) === 'failed', { what: 'both jobs to end' });
    expect(seen).toHaveLength(2);
    expect(seen.every((dir) => dir.startsWith(root))).toBe(true);
    expect(seen.filter((dir) => existsSync(dir))).toEqual([]);

    const stopped = await queue.enqueue(ctx.db, { type: slow, payload: {} });
    await running.promise;
    expect(existsSync(seen[2]!)).toBe(true);
    await worker.stop();
    expect(await statusOf(stopped)).toBe('queued');
    expect(existsSync(seen[2]!)).toBe(false);
    expect(await readdir(root)).toEqual([]);
  });
});

describe("a worker's start-up", () => {
  it("removes the folders of this machine's killed processes, and keeps those of running ones and of other machines", async () => {
    const killed = await deadProcessTag();
    const alive = await processTag(process.pid);
    const left = join(root, `${killed}_${randomUUID()}_a1b2c3`);
    const inUse = join(root, `${alive}_${randomUUID()}_d4e5f6`);
    const elsewhere = join(root, `${alive.replace(/^[^_]+/, 'another-host')}_${randomUUID()}_g7h8i9`);
    const unrelated = join(root, 'notes');
    for (const dir of [left, inUse, elsewhere, unrelated]) {
      await mkdir(dir);
      await writeFile(join(dir, 'file'), 'x');
    }
    const log = recordingLog();
    start({}, log);
    const swept = await waitFor(() => log.entries.find((e) => e.message === 'scratch folders of killed jobs removed'), { what: 'the start-up sweep' });
    expect(swept.fields).toMatchObject({ removed: 1 });
    expect((await readdir(root)).sort()).toEqual([inUse, elsewhere, unrelated].map((dir) => dir.slice(root.length + 1)).sort());
  });
});

/** The tag of a process that ran on this machine and has ended (a child, killed and collected). */
async function deadProcessTag(): Promise<string> {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  const tag = await processTag(child.pid!);
  child.kill('SIGKILL');
  await exited;
  return tag;
}
