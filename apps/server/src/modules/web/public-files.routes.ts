import { mkdirSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { cacheControlOf } from '../../storage/content-types';

/**
 * The public storage area on local disk (artwork, avatars, trailers) under /media/, for anyone. With
 * object storage the same files come from the bucket or its CDN instead (storage/s3-storage.ts).
 */
export async function publicFilesRoutes(app: FastifyInstance, options: { root: string }): Promise<void> {
  mkdirSync(options.root, { recursive: true });
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
