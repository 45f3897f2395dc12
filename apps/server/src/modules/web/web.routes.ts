import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sendProblem } from '../../plugins/errors';
import { SEARCH_TERM_MAX } from '@marquee/contract';
import { carried, firstViewHtml, loadAppShell, preloadedRoute, type AppShell, type FirstView, type FirstViewAnswers, type PreloadedRoute } from './first-view';

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
        const view = await firstView(answers, { route, pathname, url: request.url }).catch((error: unknown) => {
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
 * first category, a movie page its title and similar titles, the search page its results.
 */
async function firstView(answers: FirstViewAnswers, where: { route: PreloadedRoute | null; pathname: string; url: string }): Promise<FirstView> {
  const slug = where.route === 'movie' ? movieSlug(where.pathname) : null;
  const term = where.route === 'search' ? searchTerm(where.url) : null;
  const [homepage, display, movie, search] = await Promise.all([
    answers.homepage(),
    answers.display(),
    // An unknown or disabled title: the page asks and says so itself, with nothing to preload.
    slug ? answers.movie(slug).catch(() => null) : null,
    // The page asks for what could not be had.
    term ? answers.search(term).catch(() => null) : null,
  ]);
  const similar = movie ? await answers.similarMovies(movie._id).catch(() => null) : null;
  const first = where.route === 'home' ? homepage.value[0] : undefined;
  return {
    homepage,
    display,
    category: first ? { id: first._id, answer: await answers.category(first._id) } : null,
    movie: movie && slug ? carried(slug, movie) : null,
    similar: movie && similar ? carried(movie._id, similar.value, similar.json) : null,
    search: search && term ? carried(term, search) : null,
  };
}

/** The slug the movie page asks for (React Router decodes the path's parameter the same way). */
function movieSlug(pathname: string): string | null {
  try {
    return decodeURIComponent(pathname.slice('/movie/'.length));
  } catch {
    return null;
  }
}

/** The term the search page asks for: its trimmed `q`, when the search call would take it. */
function searchTerm(url: string): string | null {
  const query = url.indexOf('?');
  const term = query < 0 ? '' : (new URLSearchParams(url.slice(query + 1)).get('q')?.trim() ?? '');
  return term === '' || term.length > SEARCH_TERM_MAX ? null : term;
}

/**
 * The answers are rebuilt only when the catalogue changes: until then each route's page is reused.
 * A page carrying a title or results (built for each request) is put together each time.
 */
function firstViewPages(shell: AppShell): (view: FirstView, route: PreloadedRoute | null) => string {
  const kept = new Map<PreloadedRoute | null, { answers: unknown[]; html: string }>();
  return (view, route) => {
    if (view.movie || view.search) return firstViewHtml(shell, view, route);
    const answers = [view.homepage, view.display, view.category?.answer ?? null];
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
