import { mkdir, mkdtemp, rename, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { demoPartnerImage } from './demo-partner-artwork';
import { demoPartnerFeedXml } from './demo-partner-feed';
import { NotFoundError } from '../../lib/domain-errors';
import { generateDemoClipCached, type DemoClipVariant } from '../clips/demo-clips';
import { resolveMediaTools } from '../../transcoding/ffmpeg-binaries';
import { packageVideoCached } from '../../transcoding/package-hls';
import { contentTypeOf } from '../../storage/content-types';
import { sha256Hex } from '../../lib/sha256';

export interface DemoPartnerOptions {
  /** Where the partner's two clips are packaged (HLS), once. */
  clipDir: string;
  ffmpegPath: string | undefined;
  ffprobePath: string | undefined;
  /** MEDIA_CACHE_DIR (transcoding/media-cache.ts). */
  cacheDir: string | undefined;
}

const CLIPS: Record<string, { variant: DemoClipVariant; title: string; seconds: number }> = {
  trailer: { variant: 'color-bars', title: 'Lanternfish Films · Trailer', seconds: 16 },
  feature: { variant: 'title-card', title: 'Lanternfish Films', seconds: 40 },
};

/** The files an HLS package holds (transcoding/transcode-hls.ts), and nothing else. */
const PACKAGE_FILE = /^(master\.m3u8|[a-z0-9]+\/[a-z0-9_-]+\.(m3u8|mp4|m4s))$/;

/**
 * The demo partner's side (SEED_DEMO only): its Media RSS feed with ETag validation, its
 * thumbnails, and its trailer and feature as HLS, as a partner's servers would offer them. The
 * clips are made with ffmpeg and packaged when the feed is first read (a few seconds, in the
 * background), so they are ready by the time anyone presses play.
 */
export async function demoPartnerRoutes(instance: FastifyInstance, options: DemoPartnerOptions): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const clips = clipPackager(options);

  app.get('/demo-partner/feed.xml', { schema: { hide: true } }, async (request, reply) => {
    for (const clip of Object.keys(CLIPS)) {
      clips.ensure(clip).catch((error: unknown) => request.log.warn({ err: error, clip }, 'demo partner clip not made'));
    }
    const body = demoPartnerFeedXml(`${request.protocol}://${request.host}/demo-partner`);
    const etag = `"${sha256Hex(body).slice(0, 20)}"`;
    reply.header('etag', etag).header('cache-control', 'no-cache');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.type('application/rss+xml; charset=utf-8').send(body);
  });

  const imageParams = z.object({ file: z.string().regex(/^[a-z0-9-]+\.jpg$/, 'unknown image') });
  app.get('/demo-partner/images/:file', { schema: { hide: true, params: imageParams } }, async (request, reply) => {
    const image = await demoPartnerImage(request.params.file);
    if (!image) throw new NotFoundError('Image');
    return reply.type('image/jpeg').header('cache-control', 'public, max-age=86400').header('access-control-allow-origin', '*').send(image);
  });

  const mediaParams = z.object({
    clip: z.enum(Object.keys(CLIPS) as [string, ...string[]]),
    '*': z.string().regex(PACKAGE_FILE, 'unknown media file'),
  });
  app.get('/demo-partner/media/:clip/*', { schema: { hide: true, params: mediaParams } }, async (request, reply) => {
    const { clip, '*': file } = request.params;
    await clips.ensure(clip);
    return reply
      .type(contentTypeOf(file))
      .header('cache-control', file.endsWith('.m3u8') ? 'no-cache' : 'public, max-age=86400')
      // A partner's CDN answers players on any site; the page may be on another host name than the feed.
      .header('access-control-allow-origin', '*')
      .sendFile(file, join(options.clipDir, clip), { cacheControl: false });
  });
}

/** Makes and packages each clip once per data directory; concurrent callers share one run. */
function clipPackager(options: DemoPartnerOptions) {
  const pending = new Map<string, Promise<void>>();
  const make = async (clip: string) => {
    const outputDir = join(options.clipDir, clip);
    if (await stat(join(outputDir, 'master.m3u8')).then(() => true, () => false)) return;
    const spec = CLIPS[clip]!;
    const work = await mkdtemp(join(tmpdir(), 'marquee-demo-partner-'));
    try {
      const tools = await resolveMediaTools({ ffmpegPath: options.ffmpegPath, ffprobePath: options.ffprobePath });
      const source = join(work, 'source.mp4');
      await generateDemoClipCached(tools, { cacheDir: options.cacheDir, output: source, variant: spec.variant, title: spec.title, durationSeconds: spec.seconds, width: 640, height: 360 });
      await packageVideoCached(tools, { cacheDir: options.cacheDir, input: source, outputDir: join(work, 'hls') });
      await mkdir(options.clipDir, { recursive: true });
      await rm(outputDir, { recursive: true, force: true });
      // Renamed into place whole: a half-made package is never served.
      await rename(join(work, 'hls'), outputDir);
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  };
  return {
    ensure(clip: string): Promise<void> {
      let run = pending.get(clip);
      if (!run) {
        run = make(clip).finally(() => pending.delete(clip));
        pending.set(clip, run);
      }
      return run;
    },
  };
}
