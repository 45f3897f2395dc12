import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { round } from '../lib/stats';

const WEB_DIST = resolve(import.meta.dirname, '../../apps/web/dist');

/**
 * The JavaScript the built home page asks for before its first render: the entry script and every
 * `modulepreload` of index.html, raw and compressed at the levels a build would precompress with.
 */
export function firstRenderScripts(dist = WEB_DIST) {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const pattern = /<script[^>]+src="([^"]+)"|<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g;
  const urls = [...new Set([...html.matchAll(pattern)].map((m) => (m[1] ?? m[2])!))];
  let raw = 0;
  let gzip = 0;
  let brotli = 0;
  for (const url of urls) {
    const file = readFileSync(join(dist, url.replace(/^\//, '')));
    raw += file.length;
    gzip += gzipSync(file, { level: 9 }).length;
    brotli += brotliCompressSync(file, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  }
  const kb = (bytes: number) => round(bytes / 1024, 1);
  return { files: urls.length, rawKb: kb(raw), gzipKb: kb(gzip), brotliKb: kb(brotli) };
}
