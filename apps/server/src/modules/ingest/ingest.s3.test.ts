import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listJobs } from '../../jobs/queue';
import { closeContext, recordingLog, waitFor } from '../../jobs/jobs.test-support';
import { generateDemoClip } from '../../demo/clips/demo-clips';
import { resolveMediaTools, type MediaTools } from '../../transcoding/ffmpeg-binaries';
import { mediaStoreFromConfig } from '../../storage/store-from-config';
import { startJobWorkers } from '../../workers';
import { createTestContext, type TestContext } from '../../../test/test-app';
import { fixtures } from '../../../test/fixtures';
import { startLocalS3, type LocalS3 } from '../../../test/s3-server';
import { ingestVideo, type MediaDeps } from './ingest.service';

let s3: LocalS3;
let ctx: TestContext;
let tools: MediaTools;
let deps: MediaDeps;
let workDir: string;

beforeAll(async () => {
  s3 = await startLocalS3();
  ctx = await createTestContext(s3.env);
  tools = await resolveMediaTools();
  deps = { db: ctx.db, store: mediaStoreFromConfig(ctx.config), tools: async () => tools };
  workDir = await mkdtemp(join(tmpdir(), 'marquee-s3-ingest-test-'));
}, 60_000);
afterAll(async () => {
  await closeContext(ctx);
  await s3.close();
  await rm(workDir, { recursive: true, force: true });
});

describe('ingest and transcode with S3 storage', () => {
  it('transcodes a source kept in the bucket and plays it through the signed route and presigned URLs', async () => {
    const source = join(workDir, 'source.mp4');
    await generateDemoClip(tools, { output: source, variant: 'test-pattern', durationSeconds: 4, title: 'S3', width: 640, height: 360 });
    await fixtures(ctx.db).title({ slug: 'bucket-day', name: 'Bucket Day', isFree: true });
    const { assetId } = await ingestVideo(deps, { file: source, target: { movie: 'bucket-day', role: 'video' } });

    const worker = startJobWorkers({ config: ctx.config, db: ctx.db, log: recordingLog(), concurrency: 1 });
    try {
      await waitFor(async () => (await listJobs(ctx.db, { status: 'succeeded', limit: 1 })).length === 1, { timeoutMs: 240_000, what: 'the transcode' });
    } finally {
      await worker.stop();
    }

    const movie = (await ctx.app.inject({ url: '/movie-name/bucket-day' })).json();
    const master = await ctx.app.inject({ url: movie.url });
    expect(master.statusCode).toBe(200);
    const variant = master.body.split('\n').find((line) => line.endsWith('.m3u8'))!;
    const variantUrl = new URL(variant, `http://marquee.test${movie.url}`).pathname;
    const playlist = await ctx.app.inject({ url: variantUrl });
    expect(playlist.statusCode).toBe(200);
    const segment = playlist.body.split('\n').find((line) => line.endsWith('.m4s'))!;
    const redirect = await ctx.app.inject({ url: new URL(segment, `http://marquee.test${variantUrl}`).pathname });
    expect(redirect.statusCode).toBe(302);
    expect(redirect.headers.location).toContain(`/${s3.bucket}/private/videos/${assetId}/`);
    const media = await fetch(redirect.headers.location as string);
    expect(media.status).toBe(200);
    expect(media.headers.get('content-type')).toBe('video/iso.segment');
    expect((await media.arrayBuffer()).byteLength).toBeGreaterThan(1000);
  });
});
