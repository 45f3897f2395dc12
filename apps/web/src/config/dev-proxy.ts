import { api, type Endpoint } from '@marquee/contract';
import { adminApi } from '@marquee/contract/admin';

/**
 * What the development server forwards to the API server. In production one origin serves the app
 * and the API; under `npm run dev` Vite serves the app and forwards these paths. The API part is
 * derived from the contract, so a new call is forwarded without touching this file.
 */

/** Paths the server answers outside the contract: sign-in in development, files, docs, probes, the demo feed. */
export const serverOnlyPrefixes = ['/dev-idp', '/media', '/docs', '/healthz', '/readyz', '/demo-partner'] as const;

/** Every path of the public and the console API, as Fastify-style patterns (`:name` marks a parameter). */
export function contractPaths(): string[] {
  const endpoints: Endpoint[] = [...Object.values(api), ...Object.values(adminApi)];
  return [...new Set(endpoints.map((endpoint) => endpoint.path))];
}

/**
 * One regular expression (as Vite's `^…` proxy key) matching a request URL that belongs to the
 * server: an exact contract path, parameters being one segment each, or a server-only prefix.
 * Page URLs never match (`/search` is a page, `/search/{term}` a call; `/contact-us` a page, `/contact` a call).
 */
export function apiPathPattern(): string {
  const calls = contractPaths().map((path) => path.split('/').map(segmentPattern).join('/'));
  const prefixes = serverOnlyPrefixes.map(escape);
  return `^(?:(?:${calls.join('|')})(?:[?#]|$)|(?:${prefixes.join('|')})(?:[/?#]|$))`;
}

/** Whether the development server forwards this URL (path and query) to the API server. */
export function isProxied(url: string): boolean {
  return new RegExp(apiPathPattern()).test(url);
}

function segmentPattern(segment: string): string {
  return segment.startsWith(':') ? '[^/?#]+' : escape(segment);
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&');
}
