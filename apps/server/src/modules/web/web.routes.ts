import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sendProblem } from '../../plugins/errors';

export interface WebOptions {
  webDistDir: string;
}

/**
 * Serves the built web app at /, and answers any other browser navigation with the app's
 * index.html so client-side routes survive a reload.
 */
export async function webRoutes(app: FastifyInstance, options: WebOptions): Promise<void> {
  const hasWebApp = existsSync(join(options.webDistDir, 'index.html'));
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: options.webDistDir,
      prefix: '/',
      wildcard: false,
      index: false,
      decorateReply: false,
      setHeaders(reply, path) {
        // Vite names assets by content hash: cache them forever; index.html must be revalidated.
        const immutable = path.includes('/assets/');
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    if (hasWebApp && isPageNavigation(request)) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html', options.webDistDir, { cacheControl: false });
    }
    return sendProblem(reply, { status: 404, detail: `No route for ${request.method} ${request.url.split('?')[0]}` });
  });
}

function isPageNavigation(request: FastifyRequest): boolean {
  return (request.method === 'GET' || request.method === 'HEAD') && (request.headers.accept ?? '').includes('text/html');
}
