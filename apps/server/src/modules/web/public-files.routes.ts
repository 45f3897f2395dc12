import { mkdirSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { cacheControlOf } from '../../storage/content-types';

const PREFIX = '/media/';
const VARIANT_PATH = /^\/media\/(.+)\.\d+w\.(?:avif|webp)$/;

/**
 * The public storage area on local disk (artwork, avatars, trailers) under /media/, for anyone. With
 * object storage the same files come from the bucket or its CDN instead (storage/s3-storage.ts).
 */
export async function publicFilesRoutes(app: FastifyInstance, options: { root: string }): Promise<void> {
  mkdirSync(options.root, { recursive: true });
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
