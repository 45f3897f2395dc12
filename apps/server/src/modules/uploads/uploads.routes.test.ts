import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { startWorker } from '../../jobs/worker';
import { recordingLog, waitFor } from '../../jobs/jobs.test-support';
import { jobHandlers } from '../../workers';
import { fixtures } from '../../../test/fixtures';
import { startLocalS3 } from '../../../test/s3-server';
import { mediaStoreFromConfig } from '../../storage/store-from-config';
import type { MediaStorage } from '../../storage/storage';
import { resolveMediaTools } from '../../transcoding/ffmpeg-binaries';
import { createTestContext, type TestContext } from '../../../test/test-app';
import { asStaff, consoleEnv, staffSessions, type Sessions } from '../../../test/staff';
import { sha256, tusClient } from './tus.test-support';

let ctx: TestContext;
let sessions: Sessions;
let base: string;
let video: Buffer;
let scratch: string;
let media: MediaStorage;

const auth = (role: keyof Sessions | null) => (role ? `Bearer ${sessions[role].token}` : undefined);
const nameOf = (location: string) => location.split('/').pop()!;
/** The finished upload's bytes, read from the private media area as the transcoder reads them. */
const uploadedBytes = (location: string) => media.read(`uploads/${nameOf(location)}`);
/** Bytes ffprobe cannot read. Not random ones: ffprobe takes about one random 4 KB in 200 for audio. */
const notAVideo = (size: number) => Buffer.alloc(size);

/**
 * The same tests over both upload stores. `arrived` tells that the server has stored some of a
 * PATCH still in flight; `leftovers` lists what is kept of an upload, whichever the store.
 */
const stores = [
  {
    store: 'file store',
    start: async () => ({ env: {}, close: async () => {} }),
    arrived: (location: string) => async () =>
      (await stat(join(ctx.config.privateMediaDir, 'uploads', nameOf(location))).catch(() => ({ size: 0 }))).size > 0,
    leftovers: async (location: string) =>
      (await readdir(join(ctx.config.privateMediaDir, 'uploads'))).filter((f) => f.startsWith(nameOf(location))),
  },
  {
    store: 'S3 store',
    start: async () => {
      const s3 = await startLocalS3();
      // The S3 store holds a PATCH's bytes in a chunk file (`<10 random characters>-<n>`) of the
      // temporary directory until a part is complete: this file's own one shows when some arrived.
      process.env.TMPDIR = await mkdtemp(join(scratch, 'tus-parts-'));
      return { env: s3.env, close: () => s3.close() };
    },
    arrived: () => async () => {
      const dir = process.env.TMPDIR!;
      const chunks = (await readdir(dir)).filter((name) => /^[\w-]{10}-\d+$/.test(name));
      const sizes = await Promise.all(chunks.map(async (name) => (await stat(join(dir, name)).catch(() => ({ size: 0 }))).size));
      return sizes.some((size) => size > 0);
    },
    leftovers: async (location: string) => {
      const keys = ['', '.info', '.part'].map((suffix) => `uploads/${nameOf(location)}${suffix}`);
      const kept = await Promise.all(keys.map(async (key) => ((await media.read(key)) ? key : null)));
      return kept.filter((key) => key !== null);
    },
  },
];

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'marquee-upload-test-'));
  const tools = await resolveMediaTools();
  const file = join(scratch, 'source.mp4');
  // Noise compresses badly: a short clip of it is a file of a few hundred kilobytes to cut in half.
  const made = spawnSync(tools.ffmpeg, ['-v', 'error', '-f', 'lavfi', '-i', 'nullsrc=size=320x240:rate=25,geq=random(1)*255:128:128', '-t', '2',
    '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-movflags', '+faststart', file]);
  expect(made.status, String(made.stderr)).toBe(0);
  video = await readFile(file);
}, 300_000);

afterAll(async () => {
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

describe.each(stores)('with the $store', ({ start, arrived, leftovers }) => {
  let closeStore: () => Promise<void>;
  const tmpdirBefore = process.env.TMPDIR;

  beforeAll(async () => {
    const store = await start();
    closeStore = store.close;
    ctx = await createTestContext({ ...consoleEnv, UPLOAD_MAX_MB: '3', ...store.env });
    media = mediaStoreFromConfig(ctx.config).private;
    sessions = await staffSessions(ctx);
    base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  }, 60_000);

  afterAll(async () => {
    await ctx?.close();
    await closeStore?.();
    if (tmpdirBefore === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = tmpdirBefore;
  });

  describe('resumable uploads at /admin/api/uploads', () => {
    it('resumes an upload whose connection was cut half-way and keeps an identical file', async () => {
      const tus = tusClient(base, auth('editor'));
      const created = await tus.create(video.length, { filename: 'trailer.mp4', filetype: 'video/mp4' });
      expect(created.status).toBe(201);
      const location = created.location!;
      expect(location).toMatch(/^\/admin\/api\/uploads\/[0-9a-f]{32}$/);

      const half = Math.floor(video.length / 2);
      await tus.patchCut(location, { offset: 0, data: video, sent: half, arrived: arrived(location), cut: async (destroy) => destroy() });
      const { offset } = await waitForOffset(() => tus.offset(location));
      expect(offset).toBeGreaterThan(0);
      expect(offset).toBeLessThanOrEqual(half);

      const rest = await tus.patch(location, offset, video.subarray(offset));
      expect(rest.status).toBe(204);
      expect(rest.offset).toBe(video.length);
      expect(sha256((await uploadedBytes(location))!)).toBe(sha256(video));
    });

    it('resumes an upload after the server stopped in the middle of it, on a new server over the same data', async () => {
      const tus = tusClient(base, auth('editor'));
      const { location } = await tus.create(video.length, { filename: 'episode.mp4' });
      const half = Math.floor(video.length / 2);
      await tus.patchCut(location!, {
        offset: 0,
        data: video,
        sent: half,
        arrived: arrived(location!),
        cut: async () => {
          // The server goes away with the request still open: every connection dropped, the app closed.
          ctx.app.server.closeAllConnections();
          await ctx.app.close();
        },
      });
      const restarted = await buildApp({ config: ctx.config, db: ctx.db });
      // The rest of the file talks to the new server (ctx.close() closes it).
      ctx.app = restarted;
      base = await restarted.listen({ port: 0, host: '127.0.0.1' });
      const again = tusClient(base, auth('editor'));
      const { offset } = await waitForOffset(() => again.offset(location!));
      expect(offset).toBeGreaterThan(0);
      expect(offset).toBeLessThanOrEqual(half);
      const rest = await again.patch(location!, offset, video.subarray(offset));
      expect(rest.status).toBe(204);
      expect(sha256((await uploadedBytes(location!))!)).toBe(sha256(video));
    });

    it('refuses and deletes a finished upload that is not a video, whatever its name says', async () => {
      const tus = tusClient(base, auth('editor'));
      const junk = notAVideo(200_000);
      const { location } = await tus.create(junk.length, { filename: 'holiday.mp4', filetype: 'video/mp4' });
      const sent = await tus.patch(location!, 0, junk);
      expect(sent.status).toBe(415);
      expect(sent.body).toMatch(/“holiday\.mp4” was refused and deleted: Not a video file we can read .*Upload a video file/);
      expect((await tus.offset(location!)).status).toBe(404);
      expect(await uploadedBytes(location!)).toBeUndefined();
      expect(await leftovers(location!)).toEqual([]);
    });

    it('refuses an upload over UPLOAD_MAX_MB before any byte is sent, and bytes past the size it declared', async () => {
      const tus = tusClient(base, auth('editor'));
      const big = await tus.create(3 * 1024 * 1024 + 1, { filename: 'film.mov' });
      expect(big.status).toBe(413);
      expect(big.location).toBeNull();
      const small = await tus.create(10, { filename: 'clip.mp4' });
      const over = await tus.patch(small.location!, 0, randomBytes(20));
      expect(over.status).toBe(413);
      expect((await tus.offset(small.location!)).offset).toBe(0);
    });

    it('takes uploads from editors and admins only, on every request of the protocol', async () => {
      const editor = tusClient(base, auth('editor'));
      const { location } = await editor.create(video.length, { filename: 'a.mp4' });
      for (const role of ['viewer', 'support', null] as const) {
        const tus = tusClient(base, auth(role));
        const expected = role ? 403 : 401;
        expect((await tus.create(video.length)).status, `${role} POST`).toBe(expected);
        expect((await tus.offset(location!)).status, `${role} HEAD`).toBe(expected);
        expect((await tus.patch(location!, 0, video)).status, `${role} PATCH`).toBe(expected);
      }
      expect((await editor.offset(location!)).offset).toBe(0);
      const admin = tusClient(base, auth('admin'));
      expect((await admin.patch(location!, 0, video)).status).toBe(204);
    });
  });

  describe('attaching an upload and following its transcode', () => {
    it('queues the transcode, shows ffmpeg’s refusal when it fails for good, and makes the video ready on retry', { timeout: 240_000 }, async () => {
      const tus = tusClient(base, auth('editor'));
      const { location } = await tus.create(video.length, { filename: 'feature.mp4' });
      expect((await tus.patch(location!, 0, video)).status).toBe(204);
      const upload = location!.split('/').pop()!;
      const movie = await fixtures(ctx.db).title({ slug: 'uploaded-movie', name: 'Uploaded Movie' });
      const series = await fixtures(ctx.db).title({ slug: 'uploaded-series', name: 'Uploaded Series', kind: 'series' });
      const editor = asStaff(ctx, sessions.editor);
      const slot = { kind: 'title', titleId: movie.id, role: 'video' };

      expect((await asStaff(ctx, sessions.support).post('/admin/api/videos', { upload, slot })).statusCode).toBe(403);
      const onSeries = await editor.post('/admin/api/videos', { upload, slot: { ...slot, titleId: series.id } });
      expect(onSeries.statusCode).toBe(409);
      expect(onSeries.json().detail).toMatch(/attach it to an episode/);
      const attached = await editor.post('/admin/api/videos', { upload, slot });
      expect(attached.statusCode, attached.body).toBe(200);
      const { assetId } = attached.json();
      expect(attached.json()).toMatchObject({ state: 'pending', job: { status: 'queued', progress: 0, stage: 'Waiting for a worker', error: null } });
      expect((await editor.get(`/admin/api/titles/${movie.id}`)).json()).toMatchObject({ videoAssetId: assetId, video: 'pending' });
      expect((await editor.post('/admin/api/videos', { upload, slot })).statusCode).toBe(409);

      // The source is damaged before a worker gets to it: every attempt fails with ffprobe's reason.
      await media.put(`uploads/${upload}`, notAVideo(4096));
      const worker = startWorker({ db: ctx.db, handlers: jobHandlers({ config: ctx.config, db: ctx.db }), backoff: { baseMs: 10, factor: 1, maxMs: 10 }, pollIntervalMs: 50, log: recordingLog() });
      try {
        const failed = await waitFor(async () => {
          const body = (await editor.get(`/admin/api/videos/${assetId}/transcode`)).json();
          // The video is marked failed inside the last attempt, a moment before its job is closed.
          return body.state === 'failed' && body.job.status === 'failed' && body;
        }, { timeoutMs: 60_000, what: 'the transcode to fail for good' });
        expect(failed.job).toMatchObject({ status: 'failed', stage: 'Failed', attempts: 5, maxAttempts: 5 });
        expect(failed.job.error).toMatch(/Not a video file we can read \(.+\)/);

        await media.put(`uploads/${upload}`, video);
        const retried = await editor.post(`/admin/api/videos/${assetId}/transcode/retry`);
        expect(retried.statusCode, retried.body).toBe(200);
        // A new job: no error yet, its attempts counted afresh (a worker may have claimed it already).
        expect(retried.json().job).toMatchObject({ error: null });
        expect(['queued', 'running']).toContain(retried.json().job.status);
        expect(retried.json().job.attempts).toBeLessThanOrEqual(1);
        const ready = await waitFor(async () => {
          const body = (await editor.get(`/admin/api/videos/${assetId}/transcode`)).json();
          return body.state === 'ready' && body.job.status === 'succeeded' && body;
        }, { timeoutMs: 180_000, what: 'the retried transcode to finish' });
        expect(ready.job).toMatchObject({ status: 'succeeded', progress: 100, stage: 'Ready to play' });
        expect((await editor.get(`/admin/api/titles/${movie.id}`)).json().video).toBe('ready');
        expect((await editor.post(`/admin/api/videos/${assetId}/transcode/retry`)).statusCode).toBe(409);
      } finally {
        await worker.stop();
      }
    });
  });

});

/** The offset once the server has settled what it received (the cut request may still be finishing). */
async function waitForOffset(read: () => Promise<{ status: number; offset: number }>) {
  let last = await read();
  for (let i = 0; i < 20; i += 1) {
    await new Promise((r) => setTimeout(r, 100));
    const next = await read();
    if (next.status === 200 && next.offset === last.offset) return next;
    last = next;
  }
  return last;
}
