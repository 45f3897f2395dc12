import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ApiResponse, Category, CategoryData, Movie, RowItem, SearchResult } from '@marquee/contract';
import { artworkSrcSet, BANNER_IMAGE_SIZES, PLAYER_IMAGE_CAP, PLAYER_IMAGE_SIZES } from '@marquee/contract/artwork';
import type { ReadyAnswer } from '../../lib/ready-answer';
import type { AnonymousHomeAnswers } from '../catalog/read-model.service';

/** The id of the element carrying the first view's data; the web app reads it once, at start. */
export const FIRST_VIEW_ELEMENT_ID = 'first-view';

/** Pages whose code is preloaded with their HTML, and where it sits in the build's manifest (Vite's key is the source path). */
const ROUTE_SOURCES = {
  home: 'src/app/routes/home.tsx',
  movie: 'src/app/routes/movie.tsx',
  series: 'src/app/routes/series.tsx',
  search: 'src/app/routes/search.tsx',
} as const;
export type PreloadedRoute = keyof typeof ROUTE_SOURCES;

/** The page a path shows, when its code is preloaded. */
export function preloadedRoute(pathname: string): PreloadedRoute | null {
  if (pathname === '/') return 'home';
  if (pathname === '/search') return 'search';
  const kind = /^\/(movie|series)\/[^/]+$/.exec(pathname)?.[1];
  return kind === 'movie' || kind === 'series' ? kind : null;
}

/** A page's own chunk and what it imports, beyond what the shell already loads. */
export interface RouteCode {
  scripts: string[];
  styles: string[];
}

/** The built app shell, and what each preloaded page's code needs beyond it. */
export interface AppShell {
  html: string;
  routes: Partial<Record<PreloadedRoute, RouteCode>>;
}

export function loadAppShell(webDistDir: string): AppShell {
  const html = readFileSync(join(webDistDir, 'index.html'), 'utf8');
  const manifestFile = join(webDistDir, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) return { html, routes: {} };
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  const routes: AppShell['routes'] = {};
  for (const [route, source] of Object.entries(ROUTE_SOURCES) as [PreloadedRoute, string][]) {
    if (manifest[source]) routes[route] = routeCode({ manifest, html, source });
  }
  return { html, routes };
}

function routeCode(input: { manifest: Record<string, ManifestChunk>; html: string; source: string }): RouteCode {
  const { manifest, html } = input;
  const chunks = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    // The entry and what it imports statically are already in the shell.
    if (!chunk || chunk.isEntry || chunks.has(key)) return;
    chunks.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(input.source);
  const inShell = (file: string) => html.includes(`/${file}"`);
  const files = [...chunks].map((key) => manifest[key]!);
  return {
    scripts: unique(files.map((chunk) => chunk.file)).filter((file) => !inShell(file)).map((file) => `/${file}`),
    styles: unique(files.flatMap((chunk) => chunk.css ?? [])).filter((file) => !inShell(file)).map((file) => `/${file}`),
  };
}

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

/** Where the first view's answers come from: the read model's kept answers, as anonymous viewers get them. */
export interface FirstViewAnswers extends AnonymousHomeAnswers {
  display(): Promise<ReadyAnswer<ApiResponse<'displaySettings'>>>;
  /** A movie page's title as a visitor gets it (its player's picture is preloaded too). */
  movie(slug: string): Promise<Movie>;
  /** A movie's similar titles as a visitor gets them. */
  similarMovies(id: string): Promise<ReadyAnswer<RowItem[]>>;
  /** The search page's results for a term, as a visitor gets them. */
  search(term: string): Promise<SearchResult>;
}

/** An answer carried by a page, under the parameter its call is keyed by (a slug, an id, a term). */
export interface CarriedAnswer<T> {
  key: string;
  value: T;
  json: string;
}

export function carried<T>(key: string, value: T, json = JSON.stringify(value)): CarriedAnswer<T> {
  return { key, value, json };
}

/**
 * What a first-time visitor's page draws around its content (the category list; the display
 * settings: subscriber badge, test-mode ribbon) and its content: on `/` the first category, on a
 * movie page the title and its similar titles, on the search page the results.
 */
export interface FirstView {
  homepage: ReadyAnswer<Category[]>;
  display: ReadyAnswer<ApiResponse<'displaySettings'>>;
  category: { id: string; answer: ReadyAnswer<CategoryData> } | null;
  /** A movie page: the title (keyed by its slug) and its similar titles (keyed by the title's id). */
  movie: CarriedAnswer<Movie> | null;
  similar: CarriedAnswer<RowItem[]> | null;
  /** The search page: the results of its trimmed `q`. */
  search: CarriedAnswer<SearchResult> | null;
}

/**
 * The shell with the first view inside: the data as a JSON block (not a script that runs, so the
 * CSP's script rules do not apply) so the header is drawn whole at once (a ribbon or category strip
 * arriving later pushed the page down); on `/`, preload links for the home page's
 * code and the first banner's picture, so all of them download alongside the main bundle instead
 * of one after another.
 */
export function firstViewHtml(shell: AppShell, view: FirstView, route: PreloadedRoute | null): string {
  const { category } = view;
  const keyed = (answer: CarriedAnswer<unknown> | null, key: string) => (answer ? `{${JSON.stringify(key)}:${JSON.stringify(answer.key)},"data":${answer.json}}` : 'null');
  const data =
    `{"homepage":${view.homepage.json},"display":${view.display.json},"category":${category ? `{"id":${JSON.stringify(category.id)},"data":${category.answer.json}}` : 'null'}` +
    `,"movie":${keyed(view.movie, 'slug')},"similar":${keyed(view.similar, 'id')},"search":${keyed(view.search, 'term')}}`;
  const artwork = view.movie?.value.horizontalBanner;
  const banner = category?.answer.value.banners.find((candidate) => candidate.isEnable);
  const code = route ? shell.routes[route] : undefined;
  const head = [
    ...(banner && route === 'home' ? [bannerPreload(banner.image)] : []),
    ...(artwork && route === 'movie' ? [playerPreload(artwork)] : []),
    ...(code?.scripts ?? []).map((file) => `<link rel="modulepreload" crossorigin href="${attribute(file)}">`),
    ...(code?.styles ?? []).map((file) => `<link rel="preload" as="style" crossorigin href="${attribute(file)}">`),
  ].join('');
  // `<` never occurs outside a JSON string, and inside one `\u003c` reads the same: no `</script>` can close the block early.
  const block = `<script type="application/json" id="${FIRST_VIEW_ELEMENT_ID}">${data.replaceAll('<', '\\u003c')}</script>`;
  return shell.html.replace('</head>', `${head}</head>`).replace('</body>', `${block}</body>`);
}

/** The same picture the banner's `<picture>` will choose (its AVIF `srcset` and `sizes`), or the plain image. */
export function bannerPreload(image: string): string {
  const avif = artworkSrcSet(image, 'avif');
  if (!avif) return `<link rel="preload" as="image" href="${attribute(image)}" fetchpriority="high">`;
  return `<link rel="preload" as="image" type="image/avif" imagesrcset="${attribute(avif)}" imagesizes="${attribute(BANNER_IMAGE_SIZES)}" fetchpriority="high">`;
}

/**
 * The picture the player's `<picture>` will choose (player-poster.tsx): the AVIF sizes up to 640 px
 * on a phone, all of them above, drawn across the page.
 */
export function playerPreload(image: string): string {
  const phone = artworkSrcSet(image, 'avif', PLAYER_IMAGE_CAP.maxWidth);
  const wide = artworkSrcSet(image, 'avif');
  if (!phone || !wide) return `<link rel="preload" as="image" href="${attribute(image)}" fetchpriority="high">`;
  return [
    { media: PLAYER_IMAGE_CAP.media, srcset: phone },
    { media: `not all and ${PLAYER_IMAGE_CAP.media}`, srcset: wide },
  ]
    .map(
      ({ media, srcset }) =>
        `<link rel="preload" as="image" type="image/avif" media="${attribute(media)}" imagesrcset="${attribute(srcset)}" imagesizes="${PLAYER_IMAGE_SIZES}" fetchpriority="high">`,
    )
    .join('');
}

function attribute(value: string): string {
  return value.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`);
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}
