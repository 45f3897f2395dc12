import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sendProblem } from '../../plugins/errors';
import { firstViewHtml, loadAppShell, preloadedRoute, type AppShell, type FirstView, type FirstViewAnswers, type PreloadedRoute } from './first-view';

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
  const pages = shell ? firstViewPages(shell) : null;

  app.setNotFoundHandler(async (request, reply) => {
    if (hasWebApp && isPageNavigation(request)) {
      reply.header('cache-control', 'no-cache');
      if (pages && answers) {
        const pathname = request.url.split('?')[0]!;
        const route = preloadedRoute(pathname);
        const view = await firstView(answers, { route, pathname }).catch((error: unknown) => {
          // The page still works without it: it asks for the same answers itself.
          request.log.warn({ err: error }, 'page sent without its first view');
          return null;
        });
        if (view) return reply.type('text/html; charset=utf-8').send(pages(view, route));
      }
      return reply.sendFile('index.html', options.webDistDir, { cacheControl: false });
    }
    return sendProblem(reply, { status: 404, detail: `No route for ${request.method} ${request.url.split('?')[0]}` });
  });
}

/**
 * Every page: the category strip and the display settings (header, test-mode ribbon); `/` also its
 * first category, a movie page its player's picture.
 */
async function firstView(answers: FirstViewAnswers, where: { route: PreloadedRoute | null; pathname: string }): Promise<FirstView> {
  const slug = where.route === 'movie' ? decodeURIComponent(where.pathname.slice('/movie/'.length)) : null;
  const [homepage, display, artwork] = await Promise.all([
    answers.homepage(),
    answers.display(),
    // An unknown or disabled title: the page says so itself, with nothing to preload.
    slug ? answers.movieArtwork(slug).catch(() => null) : null,
  ]);
  const first = where.route === 'home' ? homepage.value[0] : undefined;
  return { homepage, display, artwork, category: first ? { id: first._id, answer: await answers.category(first._id) } : null };
}

/** The answers are rebuilt only when the catalogue changes: until then each route's page is reused. */
function firstViewPages(shell: AppShell): (view: FirstView, route: PreloadedRoute | null) => string {
  const kept = new Map<PreloadedRoute | null, { answers: unknown[]; html: string }>();
  return (view, route) => {
    const answers = [view.homepage, view.display, view.category?.answer ?? null, view.artwork];
    const last = kept.get(route);
    if (last && answers.every((answer, i) => answer === last.answers[i])) return last.html;
    const html = firstViewHtml(shell, view, route);
    kept.set(route, { answers, html });
    return html;
  };
}

function isPageNavigation(request: FastifyRequest): boolean {
  return (request.method === 'GET' || request.method === 'HEAD') && (request.headers.accept ?? '').includes('text/html');
}
