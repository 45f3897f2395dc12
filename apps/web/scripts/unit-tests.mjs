// `npm test -w @marquee/web`: the web unit tests (vitest, jsdom). They start no server and open no
// database, so they give the same result on both passes of CI (.ci/run: PGlite, then PostgreSQL).
// .ci/run sets CI_WEB_UNIT_TESTS_PASSED for its second pass once they passed in its first; they
// are skipped then, but only while nothing they load reads DATABASE_URL (checked below): the day
// one does, they run on both passes again.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const web = fileURLToPath(new URL('..', import.meta.url));

if (process.env.CI_WEB_UNIT_TESTS_PASSED && process.env.DATABASE_URL) {
  const readers = ['src', 'vite.config.ts', 'vitest.config.ts', 'build'].flatMap((path) => filesReading(join(web, path), 'DATABASE_URL'));
  if (readers.length === 0) {
    console.log('Web unit tests: passed earlier in this CI run, and none depends on DATABASE_URL; not run again.');
    process.exit(0);
  }
  console.log(`Web unit tests: run again, ${readers.join(', ')} reads DATABASE_URL.`);
}
const run = spawnSync('npx', ['vitest', 'run', ...process.argv.slice(2)], { cwd: web, stdio: 'inherit' });
process.exit(run.status ?? 1);

function filesReading(path, text) {
  if (!existsSync(path)) return [];
  if (statSync(path).isDirectory()) return readdirSync(path).flatMap((name) => filesReading(join(path, name), text));
  return readFileSync(path, 'utf8').includes(text) ? [path] : [];
}
