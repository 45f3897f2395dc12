import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { episodes, mediaAssets, titles } from '../../db/schema';
import { getJob, listJobs } from '../../jobs/queue';
import { closeContext, recordingLog, waitFor } from '../../jobs/jobs.test-support';
import { generateDemoClip } from '../../demo/clips/demo-clips';
import { resolveMediaTools, type MediaTools } from '../../transcoding/ffmpeg-binaries';
import { mediaStoreFromConfig } from '../../storage/store-from-config';
import { startJobWorkers } from '../../workers';
import { createTestContext, type TestContext } from '../../../test/test-app';
import { fixtures } from '../../../test/fixtures';
import { signIn } from '../../../test/sign-in';
import { DEMO_MEDIA_JOB, demoMediaHandler, queueDemoMedia } from '../../demo/clips/demo-media.job';
import { jobScratch } from '../../jobs/scratch';
import { ingestVideo, TRANSCODE_JOB, type MediaDeps } from './ingest.service';

let ctx: TestContext;
let tools: MediaTools;
let deps: MediaDeps;
let workDir: string;
let source: string;

beforeAll(async () => {
  ctx = await createTestContext();
  tools = await resolveMediaTools();
  deps = { db: ctx.db, store: mediaStoreFromConfig(ctx.config), tools: async () => tools };
  workDir = await mkdtemp(join(tmpdir(), 'marquee-ingest-test-'));
  source = join(workDir, 'source.mp4');
  await generateDemoClip(tools, { output: source, variant: 'test-pattern', durationSeconds: 5, title: 'Ingest', width: 640, height: 360 });
}, 60_000);
afterAll(async () => {
  await closeContext(ctx);
  await rm(workDir, { recursive: true, force: true });
});

/** Runs the real workers until every queued job has finished. */
async function runJobs() {
  const worker = startJobWorkers({ config: ctx.config, db: ctx.db, log: recordingLog(), concurrency: 1 });
  try {
    await waitFor(async () => (await listJobs(ctx.db, { status: 'queued', limit: 1 })).length === 0 &&
      (await listJobs(ctx.db, { status: 'running', limit: 1 })).length === 0, { timeoutMs: 240_000, what: 'the jobs to finish' });
  } finally {
    await worker.stop();
  }
}

describe('ingest and transcode', () => {
  it('makes a free movie playable end to end: source in, HLS out, signed link served', async () => {
    await fixtures(ctx.db).title({ slug: 'open-day', name: 'Open Day', isFree: true });
    const { assetId, jobId } = await ingestVideo(deps, { file: source, target: { movie: 'open-day', role: 'video' } });

    // Queued but not transcoded: nothing to play yet.
    expect((await ctx.app.inject({ url: '/movie-name/open-day' })).json().url).toBeNull();
    // Subtitles uploaded in the console before the transcode ends are offered once it does.
    const uploaded = { lang: 'es', label: 'Español', key: 'subtitles/uploaded/es-0a1b2c3d.vtt', cues: 1, uploadedAt: new Date().toISOString() };
    await ctx.db.update(mediaAssets).set({ uploadedSubtitles: [uploaded] }).where(eq(mediaAssets.id, assetId));
    await deps.store.private.put(`videos/${assetId}/${uploaded.key}`, Buffer.from('WEBVTT\n\n00:01.000 --> 00:02.000\nHola\n'));
    await runJobs();

    expect(await getJob(ctx.db, jobId)).toMatchObject({ type: TRANSCODE_JOB, status: 'succeeded', progress: 100 });
    const [asset] = await ctx.db.select().from(mediaAssets).where(eq(mediaAssets.id, assetId));
    expect(asset).toMatchObject({ status: 'ready', durationSeconds: 5, width: 640, height: 360, hasAudio: true });
    expect(asset!.renditions.length).toBeGreaterThanOrEqual(1);

    const movie = (await ctx.app.inject({ url: '/movie-name/open-day' })).json();
    expect(movie.url).toMatch(new RegExp(`^/media/s/\\d+/anonymous/[^/]+/${assetId}/master\\.m3u8$`));
    const master = await ctx.app.inject({ url: movie.url });
    expect(master.statusCode).toBe(200);
    expect(master.body).toContain('LANGUAGE="es",NAME="Español",DEFAULT=NO,AUTOSELECT=YES,FORCED=NO,URI="subtitles/uploaded/es-0a1b2c3d.m3u8"');
    expect((await ctx.app.inject({ url: movie.url.replace('master.m3u8', 'subtitles/uploaded/es-0a1b2c3d.m3u8') })).body).toContain('es-0a1b2c3d.vtt');
    expect(movie.subtitles).toEqual([expect.objectContaining({ lang: 'es', label: 'Español' })]);
    const variant = master.body.split('\n').find((line) => line.endsWith('.m3u8'))!;
    const playlist = await ctx.app.inject({ url: movie.url.replace('master.m3u8', variant) });
    expect(playlist.statusCode).toBe(200);
    const segment = playlist.body.split('\n').find((line) => line.endsWith('.m4s'))!;
    const dir = variant.slice(0, variant.lastIndexOf('/') + 1);
    const media = await ctx.app.inject({ url: movie.url.replace('master.m3u8', `${dir}${segment}`) });
    expect(media.statusCode).toBe(200);
    expect(media.rawPayload.length).toBeGreaterThan(1000);
    expect((await ctx.app.inject({ url: movie.thumbnails })).body).toMatch(/^WEBVTT/);
  }, 240_000);

  it('publishes a trailer at a public URL anyone can load', async () => {
    await fixtures(ctx.db).title({ slug: 'members-only', name: 'Members Only', isFree: false });
    const { assetId } = await ingestVideo(deps, { file: source, target: { movie: 'members-only', role: 'trailer' } });
    await runJobs();
    const movie = (await ctx.app.inject({ url: '/movie-name/members-only' })).json();
    expect(movie.url).toBeNull();
    expect(movie.trailer).toBe(`/media/videos/${assetId}/master.m3u8`);
    expect((await ctx.app.inject({ url: movie.trailer })).statusCode).toBe(200);
  }, 240_000);

  it('refuses an unknown title and leaves nothing behind', async () => {
    const before = await ctx.db.select({ id: mediaAssets.id }).from(mediaAssets);
    const jobsBefore = await listJobs(ctx.db, { limit: 100 });
    await expect(ingestVideo(deps, { file: source, target: { series: 'nowhere', episode: 1 } })).rejects.toThrow(/not found/i);
    expect(await ctx.db.select({ id: mediaAssets.id }).from(mediaAssets)).toHaveLength(before.length);
    expect(await listJobs(ctx.db, { limit: 100 })).toHaveLength(jobsBefore.length);
    const sources = await readdir(join(ctx.config.privateMediaDir, 'sources'));
    expect(sources).toHaveLength(before.length);
  });

  it('marks the asset failed once a source that is not a video has used up its attempts', async () => {
    await fixtures(ctx.db).title({ slug: 'broken', name: 'Broken' });
    const junk = join(workDir, 'junk.mp4');
    await writeFile(junk, 'this is not a video');
    const { assetId, jobId } = await ingestVideo(deps, { file: junk, target: { movie: 'broken', role: 'video' } });
    await ctx.db.execute(`update jobs set max_attempts = 1 where id = '${jobId}'`);
    await runJobs();
    expect(await getJob(ctx.db, jobId)).toMatchObject({ status: 'failed' });
    const [asset] = await ctx.db.select().from(mediaAssets).where(eq(mediaAssets.id, assetId));
    expect(asset).toMatchObject({ status: 'failed' });
    expect(asset!.error).toMatch(/video/i);
  }, 60_000);
});

describe('demo media', () => {
  it('shares a few clips among every title and episode, with subtitles, exactly once', async () => {
    const make = fixtures(ctx.db);
    const series = await make.title({ kind: 'series', slug: 'demo-series', name: 'Demo Series' });
    await make.episode({ seriesId: series.id, number: 1 });
    await make.episode({ seriesId: series.id, number: 2 });
    await ctx.db.update(titles).set({ trailerAssetId: null, videoAssetId: null });
    await ctx.db.update(episodes).set({ videoAssetId: null });
    const small = { width: 320, height: 180 };
    const handler = demoMediaHandler(deps, [
      { variant: 'title-card', title: 'Trailer', seconds: 2, role: 'trailer', size: small },
      { variant: 'test-pattern', title: 'One', seconds: 2, role: 'video', size: small },
      { variant: 'color-bars', title: 'Two', seconds: 2, role: 'video', size: small },
    ]);
    const job = (await getJob(ctx.db, await queueDemoMedia(ctx.db)))!;
    expect(job.type).toBe(DEMO_MEDIA_JOB);
    const scratch = jobScratch({ root: join(ctx.config.dataDir, 'scratch'), jobId: job.id });
    const jobCtx = { reportProgress: async () => {}, signal: new AbortController().signal, log: recordingLog(), scratchDir: scratch.dir };

    await handler(job, jobCtx);
    const all = await ctx.db.select().from(titles);
    expect(all.every((t) => t.trailerAssetId !== null)).toBe(true);
    expect(all.filter((t) => t.kind === 'movie').every((t) => t.videoAssetId !== null)).toBe(true);
    const eps = await ctx.db.select().from(episodes).where(eq(episodes.seriesId, series.id));
    expect(new Set(eps.map((e) => e.videoAssetId)).size).toBe(2);
    const assets = await ctx.db.select().from(mediaAssets).where(eq(mediaAssets.status, 'pending'));
    expect(assets).toHaveLength(3);
    const video = assets.find((a) => a.access === 'private')!;

    // Run again (a retry, or a restart with media in place): nothing new.
    await handler(job, jobCtx);
    expect(await ctx.db.select().from(mediaAssets).where(eq(mediaAssets.status, 'pending'))).toHaveLength(3);
    await scratch.remove();

    await runJobs();
    // The clips carry English subtitles inside; packaging turned them into a WebVTT rendition.
    const [packaged] = await ctx.db.select().from(mediaAssets).where(eq(mediaAssets.id, video.id));
    expect(packaged!.subtitles).toEqual([{ lang: 'en', label: 'English', key: 'subtitles/en.vtt' }]);
    expect(existsSync(join(ctx.config.privateMediaDir, video.storagePrefix, 'subtitles/en.vtt'))).toBe(true);
    const session = await signIn(ctx, { email: 'subtitles@example.com' });
    await ctx.db.update(titles).set({ isFree: true }).where(eq(titles.id, series.id));
    const page = (await ctx.app.inject({ url: '/series-name/demo-series', headers: { authorization: `Bearer ${session.token}` } })).json();
    const first = page.episodes.find((e: { number: number }) => e.number === 1);
    expect(first.url).toMatch(/master\.m3u8$/);
    expect(first.subtitles).toEqual([expect.objectContaining({ lang: 'en', label: 'English' })]);
    expect((await ctx.app.inject({ url: first.subtitles[0].src })).body).toMatch(/^WEBVTT/);
  }, 240_000);
});
