import type { APIRequestContext } from '@playwright/test';

/**
 * The demo catalogue's media, as a visitor's API calls show it. A fresh server transcodes its demo
 * clips in the background (two trailers and two features shared by every title, one title's own
 * clip); a pending asset is never offered, so its links read null until it is ready. Every title
 * has a trailer, every free movie a video, and a free series' episodes alternate between both
 * features: when all of those are offered, every demo asset is ready.
 */
export interface DemoMediaProgress {
  ready: number;
  total: number;
  /** A few of the links still missing, for the log. */
  missing: string[];
}

interface RowsAnswer {
  subcategories: { content: { kind: 'movie' | 'series'; item: { slug: string; isEnable: boolean } }[] }[];
}

export async function demoMediaProgress(api: APIRequestContext): Promise<DemoMediaProgress> {
  const categories = (await json<{ _id: string }[]>(api, '/user/homepage')) ?? [];
  const titles = new Map<string, 'movie' | 'series'>();
  for (const category of categories) {
    const data = await json<RowsAnswer>(api, `/user/category-data/${category._id}`);
    for (const entry of (data?.subcategories ?? []).flatMap((row) => row.content)) {
      if (entry.item.isEnable) titles.set(entry.item.slug, entry.kind);
    }
  }
  const links: [string, string | null][] = [];
  for (const [slug, kind] of titles) {
    if (kind === 'movie') {
      const movie = await json<{ isFree: boolean; trailer: string | null; url: string | null }>(api, `/movie-name/${slug}`);
      links.push([`${slug} trailer`, movie?.trailer ?? null]);
      if (movie?.isFree) links.push([`${slug} video`, movie.url]);
    } else {
      const series = await json<{ isFree: boolean; trailer: string | null; episodes: { number: number; url: string | null }[] }>(api, `/series-name/${slug}`);
      links.push([`${slug} trailer`, series?.trailer ?? null]);
      if (series?.isFree) for (const episode of series.episodes) links.push([`${slug} episode ${episode.number}`, episode.url]);
    }
  }
  const missing = links.filter(([, url]) => !url || url === 'undefined').map(([name]) => name);
  // No titles at all means the catalogue is not seeded yet: not ready.
  return { ready: links.length - missing.length, total: Math.max(links.length, 1), missing: missing.slice(0, 3) };
}

/** Polls until every demo asset is offered; throws after `timeoutMs` with what was still missing. */
export async function waitForDemoMedia(api: APIRequestContext, options: { timeoutMs: number; log?: (line: string) => void }): Promise<void> {
  const deadline = Date.now() + options.timeoutMs;
  let last = '';
  for (;;) {
    const progress = await demoMediaProgress(api);
    if (progress.ready === progress.total && progress.missing.length === 0) return;
    const line = `demo media: ${progress.ready}/${progress.total} links offered (waiting for ${progress.missing.join(', ')})`;
    if (line !== last) options.log?.(line);
    last = line;
    if (Date.now() > deadline) throw new Error(`The demo media was not ready within ${options.timeoutMs / 1000} s: ${line}`);
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
}

async function json<T>(api: APIRequestContext, path: string): Promise<T | null> {
  const response = await api.get(path);
  return response.ok() ? ((await response.json()) as T) : null;
}
