// `npm run package -- <dir>`: copies what a production machine needs after `npm run build` into
// <dir>: the package manifests and lockfile (for `npm ci --omit=dev`), the compiled server, the
// migrations and the built web app. No sources, no node_modules.
import { cpSync, existsSync, mkdirSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { repoRoot } from './web-build.mjs';

/** Paths relative to the repository, files or folders. */
export const releaseFiles = [
  'package.json',
  'package-lock.json',
  'packages/contract/package.json',
  'apps/server/package.json',
  'apps/web/package.json',
  'bench/package.json',
  'apps/server/dist',
  'apps/server/drizzle',
  'apps/web/dist',
];

export function packageRelease(target) {
  const missing = ['apps/server/dist/server.js', 'apps/web/dist/index.html'].filter((path) => !existsSync(join(repoRoot, path)));
  if (missing.length > 0) throw new Error(`Run \`npm run build\` first (missing: ${missing.join(', ')})`);
  if (existsSync(target) && readdirSync(target).length > 0) throw new Error(`${target} is not empty`);
  for (const path of releaseFiles) {
    mkdirSync(dirname(join(target, path)), { recursive: true });
    cpSync(join(repoRoot, path), join(target, path), { recursive: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const target = process.argv[2];
  if (!target) {
    console.error('Usage: npm run package -- <empty or new directory>');
    process.exit(2);
  }
  try {
    packageRelease(resolve(target));
    console.log(`Release in ${resolve(target)}: there, run \`npm ci --omit=dev --workspace @marquee/server\`, then \`npm run start:prod\`.`);
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}
