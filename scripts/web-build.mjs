// Builds the web app when its build is missing or older than its sources, and names the demo media
// cache (shared by `npm start` and the end-to-end runner).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('..', import.meta.url));
/**
 * Where `npm start` and the end-to-end runner keep the demo clips and their HLS packages
 * (MEDIA_CACHE_DIR, apps/server/src/transcoding/media-cache.ts); delete it at will.
 */
export const mediaCacheDir = process.env.MEDIA_CACHE_DIR ?? join(repoRoot, 'node_modules/.cache/marquee-media');
const web = join(repoRoot, 'apps/web');
const built = join(web, 'dist/index.html');
const sources = [
  join(web, 'src'),
  join(web, 'public'),
  join(web, 'index.html'),
  join(web, 'vite.config.ts'),
  join(web, 'build'),
  join(repoRoot, 'packages/contract/src'),
];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
}

export function buildWebIfStale() {
  const stale = !existsSync(built) || Math.max(...sources.map(newestMtime)) > statSync(built).mtimeMs;
  if (!stale) return;
  console.log('Building the web app…');
  const build = spawnSync('npm', ['run', 'build', '-w', '@marquee/web'], { cwd: repoRoot, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
