import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sendProblem } from '../../plugins/errors';
import type { AnonymousHomeAnswers } from '../catalog/read-model.service';
import { firstViewHtml, loadAppShell, type AppShell, type FirstView } from './first-view';

export interface WebOptions {
  webDistDir: string;
  /** The catalogue answers `/` carries, so a first-time visitor's home page draws without a call. */
  home?: AnonymousHomeAnswers;
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
      // The build writes .br and .gz beside each text asset (apps/web/build/precompress.ts).
      preCompressed: true,
      setHeaders(reply, path) {
        // Vite names assets by content hash: cache them forever; index.html must be revalidated.
        const immutable = path.includes('/assets/');
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  const shell = hasWebApp && options.home ? loadAppShell(options.webDistDir) : null;
  const home = options.home;
  const page = shell ? firstViewPages(shell) : null;

  app.setNotFoundHandler(async (request, reply) => {
    if (hasWebApp && isPageNavigation(request)) {
      reply.header('cache-control', 'no-cache');
      if (page && home && request.url.split('?')[0] === '/') {
        const view = await firstView(home).catch((error: unknown) => {
          // The page still works without it: it asks for the same answers itself.
          request.log.warn({ err: error }, 'home page sent without its first view');
          return null;
        });
        if (view) return reply.type('text/html; charset=utf-8').send(page(view));
      }
      return reply.sendFile('index.html', options.webDistDir, { cacheControl: false });
    }
    return sendProblem(reply, { status: 404, detail: `No route for ${request.method} ${request.url.split('?')[0]}` });
  });
}

async function firstView(home: AnonymousHomeAnswers): Promise<FirstView> {
  const homepage = await home.homepage();
  const first = homepage.value[0];
  return { homepage, category: first ? { id: first._id, answer: await home.category(first._id) } : null };
}

/** The answers are rebuilt only when the catalogue changes: until then the same page is reused. */
function firstViewPages(shell: AppShell): (view: FirstView) => string {
  let last: { homepage: unknown; category: unknown; html: string } | null = null;
  return (view) => {
    const category = view.category?.answer ?? null;
    if (last?.homepage !== view.homepage || last.category !== category) {
      last = { homepage: view.homepage, category, html: firstViewHtml(shell, view) };
    }
    return last.html;
  };
}

function isPageNavigation(request: FastifyRequest): boolean {
  return (request.method === 'GET' || request.method === 'HEAD') && (request.headers.accept ?? '').includes('text/html');
}
