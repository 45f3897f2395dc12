import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ApiResponse, Category, CategoryData } from '@marquee/contract';
import { artworkSrcSet, BANNER_IMAGE_SIZES } from '@marquee/contract/artwork';
import type { ReadyAnswer } from '../../lib/ready-answer';
import type { AnonymousHomeAnswers } from '../catalog/read-model.service';

/** The id of the element carrying the first view's data; the web app reads it once, at start. */
export const FIRST_VIEW_ELEMENT_ID = 'first-view';

/** Where the home page's code sits in the web build's manifest (Vite's key is the source path). */
const HOME_ROUTE_SOURCE = 'src/app/routes/home.tsx';

/** The built app shell, and what the home page's code needs beyond what the shell already loads. */
export interface AppShell {
  html: string;
  /** Scripts and styles of the home page's own chunk (from the build manifest), to fetch with the shell's. */
  homeScripts: string[];
  homeStyles: string[];
}

export function loadAppShell(webDistDir: string): AppShell {
  const html = readFileSync(join(webDistDir, 'index.html'), 'utf8');
  const manifestFile = join(webDistDir, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) return { html, homeScripts: [], homeStyles: [] };
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  const chunks = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    // The entry and what it imports statically are already in the shell.
    if (!chunk || chunk.isEntry || chunks.has(key)) return;
    chunks.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(HOME_ROUTE_SOURCE);
  const inShell = (file: string) => html.includes(`/${file}"`);
  const files = [...chunks].map((key) => manifest[key]!);
  return {
    html,
    homeScripts: unique(files.map((chunk) => chunk.file)).filter((file) => !inShell(file)).map((file) => `/${file}`),
    homeStyles: unique(files.flatMap((chunk) => chunk.css ?? [])).filter((file) => !inShell(file)).map((file) => `/${file}`),
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
}

/**
 * What a first-time visitor's page draws around its content (the category list; the display
 * settings: subscriber badge, test-mode ribbon) and, on `/`, the first category.
 */
export interface FirstView {
  homepage: ReadyAnswer<Category[]>;
  display: ReadyAnswer<ApiResponse<'displaySettings'>>;
  category: { id: string; answer: ReadyAnswer<CategoryData> } | null;
}

/**
 * The shell with the first view inside: the data as a JSON block (not a script that runs, so the
 * CSP's script rules do not apply) so the header is drawn whole at once (a ribbon or category strip
 * arriving later pushed the page down); on `/`, preload links for the home page's
 * code and the first banner's picture, so all of them download alongside the main bundle instead
 * of one after another.
 */
export function firstViewHtml(shell: AppShell, view: FirstView, { home }: { home: boolean }): string {
  const { category } = view;
  const data = `{"homepage":${view.homepage.json},"display":${view.display.json},"category":${category ? `{"id":${JSON.stringify(category.id)},"data":${category.answer.json}}` : 'null'}}`;
  const banner = category?.answer.value.banners.find((candidate) => candidate.isEnable);
  const head = !home
    ? ''
    : [
        ...(banner ? [bannerPreload(banner.image)] : []),
        ...shell.homeScripts.map((file) => `<link rel="modulepreload" crossorigin href="${attribute(file)}">`),
        ...shell.homeStyles.map((file) => `<link rel="preload" as="style" crossorigin href="${attribute(file)}">`),
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

function attribute(value: string): string {
  return value.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`);
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}
