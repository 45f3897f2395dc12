import { mkdirSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { cacheControlOf, PACKAGE_FILE } from '../../storage/content-types';
import type { HotMediaFiles } from '../../storage/hot-media-files';
import { sendLocalFile } from '../../storage/local-file-reply';

const PREFIX = '/media/';
const VARIANT_PATH = /^\/media\/(.+)\.\d+w\.(?:avif|webp)$/;
const TRAILER_PATH = /^\/media\/(videos\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\/(.+))$/;

/**
 * The public storage area on local disk (artwork, avatars, trailers) under /media/, for anyone. With
 * object storage the same files come from the bucket or its CDN instead (storage/s3-storage.ts).
 */
export async function publicFilesRoutes(app: FastifyInstance, options: { root: string; hot: HotMediaFiles }): Promise<void> {
  mkdirSync(options.root, { recursive: true });
  // A trailer's package files, asked for by every visitor of a title page, go out from memory when
  // kept (storage/hot-media-files.ts), with the same headers @fastify/static gives them below.
  app.addHook('onRequest', async (request, reply) => {
    const trailer = TRAILER_PATH.exec(request.url.split('?')[0]!);
    if (!trailer || !PACKAGE_FILE.test(trailer[2]!)) return;
    const key = trailer[1]!;
    return sendLocalFile(request, reply, { root: options.root, key, cacheControl: cacheControlOf(key, 'public'), hot: options.hot });
  });
  // Artwork stored before its sizes were made (images/artwork-variants.ts) has none: a size asked
  // for leads to the picture itself, which browsers draw whatever its format.
  app.addHook('onRequest', async (request, reply) => {
    const variant = VARIANT_PATH.exec(request.url.split('?')[0]!);
    const segments = variant ? decodedSegments(variant[0]!.slice(PREFIX.length)) : null;
    if (!variant || !segments) return;
    const original = `${variant[1]}.webp`;
    if ((await isFile(join(options.root, ...segments))) || !(await isFile(join(options.root, ...decodedSegments(original)!)))) return;
    return reply.redirect(`${PREFIX}${original}`, 302);
  });
  await app.register(fastifyStatic, {
    root: options.root,
    prefix: '/media/',
    decorateReply: false,
    index: false,
    setHeaders(reply, path) {
      // Artwork and avatars get new names when they change; trailers are packages that never change.
      if (path.includes('/videos/')) reply.header('cache-control', cacheControlOf(path, 'public'));
      else reply.header('cache-control', 'public, max-age=86400');
    },
  });
}

/** The path's segments, or null when it cannot be decoded or climbs out of the directory. */
function decodedSegments(path: string): string[] | null {
  try {
    const segments = decodeURIComponent(path).split('/');
    return segments.includes('..') ? null : segments;
  } catch {
    return null;
  }
}

async function isFile(path: string): Promise<boolean> {
  return stat(path).then(
    (info) => info.isFile(),
    () => false,
  );
}
