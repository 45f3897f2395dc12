import { api, buildPath } from '@marquee/contract';
import { adminApi } from '@marquee/contract/admin';
import { describe, expect, it } from 'vitest';
import { createRoutes } from '@/app/router';
import { testQueryClient } from '@/test/render';
import { contractPaths, isProxied } from './dev-proxy';
import { paths } from './paths';

/** A contract path with each parameter filled by a plausible value. */
const sample = (path: string) => buildPath(path, new Proxy({}, { get: () => 'homepage' }) as Record<string, string>);

describe('the development proxy (vite.config.ts)', () => {
  it('forwards every call of the contract, payments, the partner catalogue and the console included', () => {
    const forwarded = contractPaths().map(sample);
    expect(forwarded.filter((url) => !isProxied(url))).toEqual([]);
    expect(forwarded).toEqual(expect.arrayContaining(['/payments/orders', '/payments/paypal/webhook', '/partners/homepage', '/partners/title/homepage']));
    expect(isProxied('/partners/similar/8b7d3c1e-0000-4000-8000-000000000000?x=1')).toBe(true);
    expect(isProxied(buildPath(adminApi.siteSettings.path))).toBe(true);
  });

  it('forwards the server-only paths: the development issuer, files, docs and probes', () => {
    for (const url of ['/dev-idp/token', '/media/images/a.webp', '/docs', '/docs/json', '/healthz', '/readyz', '/demo-partner/feed.xml']) {
      expect(isProxied(url), url).toBe(true);
    }
  });

  it('never forwards a page, whatever its slug', () => {
    const pages = [
      paths.home.href(),
      paths.search.href(),
      `${paths.search.href()}?q=abc`,
      paths.movie.href('homepage'),
      paths.series.href('search'),
      paths.thirdParty.home.href(),
      paths.thirdParty.title.href('homepage'),
      paths.thirdParty.title.href('title'),
      paths.viewAll.href('Popular'),
      paths.contact.href(),
      paths.myAccount.href(),
      paths.rented.href(),
      paths.watchlist.href(),
    ];
    expect(pages.filter(isProxied)).toEqual([]);
  });
});

describe('pages and calls share one origin', () => {
  // In production the server answers both: a call whose path a page pattern can also produce
  // would shadow that page (a partner title slugged 'homepage' once met GET /third-party/homepage).
  it('no GET call has a path a page can have', () => {
    const pagePatterns = pagePaths(createRoutes(testQueryClient()));
    const clashes = Object.values(api)
      .filter((endpoint) => endpoint.method === 'GET')
      .flatMap((endpoint) => pagePatterns.filter((page) => overlap(page, endpoint.path)).map((page) => `${page} ~ ${endpoint.path}`));
    expect(pagePatterns).toContain('/third-party/:id');
    expect(clashes).toEqual([]);
  });
});

type RouteLike = { path?: string; children?: RouteLike[] };

function pagePaths(tree: RouteLike[], parent = ''): string[] {
  return tree.flatMap((route) => {
    const here = route.path === undefined ? parent : route.path.startsWith('/') ? route.path : `${parent.replace(/\/$/, '')}/${route.path}`;
    const own = route.path !== undefined && route.path !== '*' ? [here] : [];
    return [...own, ...pagePaths(route.children ?? [], here)];
  });
}

/** Whether two path patterns can match the same URL (a `:param` is any one segment). */
function overlap(a: string, b: string): boolean {
  const left = a.split('/');
  const right = b.split('/');
  return left.length === right.length && left.every((segment, i) => segment === right[i] || segment.startsWith(':') || right[i]!.startsWith(':'));
}
