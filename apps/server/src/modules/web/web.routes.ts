import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sendProblem } from '../../plugins/errors';
import { firstViewHtml, loadAppShell, type AppShell, type FirstView, type FirstViewAnswers } from './first-view';

export interface WebOptions {
  webDistDir: string;
  /** The answers the HTML carries, so a first-time visitor's page draws without asking for them. */
  answers?: FirstViewAnswers;
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

  const shell = hasWebApp && options.answers ? loadAppShell(options.webDistDir) : null;
  const answers = options.answers;
  const pages = shell ? { home: firstViewPages(shell, { home: true }), other: firstViewPages(shell, { home: false }) } : null;

  app.setNotFoundHandler(async (request, reply) => {
    if (hasWebApp && isPageNavigation(request)) {
      reply.header('cache-control', 'no-cache');
      if (pages && answers) {
        const home = request.url.split('?')[0] === '/';
        const view = await firstView(answers, { home }).catch((error: unknown) => {
          // The page still works without it: it asks for the same answers itself.
          request.log.warn({ err: error }, 'page sent without its first view');
          return null;
        });
        if (view) return reply.type('text/html; charset=utf-8').send((home ? pages.home : pages.other)(view));
      }
      return reply.sendFile('index.html', options.webDistDir, { cacheControl: false });
    }
    return sendProblem(reply, { status: 404, detail: `No route for ${request.method} ${request.url.split('?')[0]}` });
  });
}

/** Every page: the category strip and the display settings (header, test-mode ribbon); `/` also its first category. */
async function firstView(answers: FirstViewAnswers, { home }: { home: boolean }): Promise<FirstView> {
  const [homepage, display] = await Promise.all([answers.homepage(), answers.display()]);
  const first = home ? homepage.value[0] : undefined;
  return { homepage, display, category: first ? { id: first._id, answer: await answers.category(first._id) } : null };
}

/** The answers are rebuilt only when the catalogue changes: until then the same page is reused. */
function firstViewPages(shell: AppShell, where: { home: boolean }): (view: FirstView) => string {
  let last: { answers: unknown[]; html: string } | null = null;
  return (view) => {
    const answers = [view.homepage, view.display, view.category?.answer ?? null];
    const kept = last;
    if (kept && answers.every((answer, i) => answer === kept.answers[i])) return kept.html;
    last = { answers, html: firstViewHtml(shell, view, where) };
    return last.html;
  };
}

function isPageNavigation(request: FastifyRequest): boolean {
  return (request.method === 'GET' || request.method === 'HEAD') && (request.headers.accept ?? '').includes('text/html');
}
