// Compiles the server for production: one self-contained ES module per entry point in
// apps/server/dist, with our own code (server and contract) bundled and every npm package left as
// an import, so `npm ci --omit=dev` and Node alone run it (no tsx, no TypeScript).
// Beside the bundles: the embedded database's worker thread (plain JavaScript). The migrations
// stay in apps/server/drizzle, which src/server-files.ts finds from either place.
import { copyFileSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { repoRoot } from './web-build.mjs';

const server = join(repoRoot, 'apps/server');
const dist = join(server, 'dist');

/** Every command the server ships: name in dist/ → source. */
export const entryPoints = {
  server: 'src/server.ts',
  worker: 'src/worker.ts',
  migrate: 'src/scripts/migrate.ts',
  ingest: 'src/scripts/ingest.ts',
  'feeds-sync': 'src/scripts/feeds-sync.ts',
};

/** Our workspace packages are TypeScript sources: bundle them. Everything else is installed by npm. */
const npmPackagesExternal = {
  name: 'npm-packages-external',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@marquee/') ? undefined : { path: args.path, external: true }));
  },
};

rmSync(dist, { recursive: true, force: true });
mkdirSync(dist, { recursive: true });
await build({
  absWorkingDir: server,
  entryPoints: Object.fromEntries(Object.entries(entryPoints).map(([name, source]) => [name, join(server, source)])),
  outdir: dist,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  sourcemap: true,
  // Each entry is one file directly in dist/: no shared chunks in a sub-folder, so every
  // module's import.meta.url is a file in dist/ (see src/server-files.ts).
  splitting: false,
  plugins: [npmPackagesExternal],
  logLevel: 'warning',
});
copyFileSync(join(server, 'src/db/embedded-postgres.worker.mjs'), join(dist, 'embedded-postgres.worker.mjs'));
console.log(`Server built into ${dist}`);
