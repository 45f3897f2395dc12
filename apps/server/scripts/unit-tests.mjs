// `npm test -w @marquee/server`: the server's vitest files. .ci/run runs them twice, on PGlite and
// then on PostgreSQL (DATABASE_URL), and sets CI_DATABASE_FREE_SERVER_TESTS_PASSED for the second
// pass once the first passed: the files that never reach a database give the same result again and
// are skipped then. Which those are is decided from the code, never from a list: a file is
// database-free only when nothing it loads, followed through every relative import (type-only
// imports vanish at run time), matches REACHES_A_DATABASE: opens PGlite or pg, reads DATABASE_URL,
// starts a process of our own code (which would inherit DATABASE_URL) or imports a computed path.
// An import it cannot follow counts as reaching a database. Anywhere else every file runs.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const REACHES_A_DATABASE = [/DATABASE_URL/, /@electric-sql\/pglite/, /from ['"]pg['"]/, /process\.execPath/, /\bimport\((?!\s*['"])/];
const IMPORT = /(?:^|\n)\s*(?:import|export)\s+(type\s+)?[^'";]*?from\s+['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)|(?:^|\n)\s*import\s+['"]([^'"]+)['"]/g;

const server = fileURLToPath(new URL('..', import.meta.url));

const args = process.argv.slice(2);
if (process.env.CI_DATABASE_FREE_SERVER_TESTS_PASSED && process.env.DATABASE_URL) {
  const skipped = databaseFreeTestFiles();
  console.log(`Server tests: ${skipped.length} files reach no database and passed earlier in this CI run; not run again: ${skipped.join(', ')}`);
  args.push(...skipped.flatMap((file) => ['--exclude', file]));
}
const run = spawnSync('npx', ['vitest', 'run', ...args], { cwd: server, stdio: 'inherit' });
process.exit(run.status ?? 1);

/** Paths relative to apps/server, sorted. */
function databaseFreeTestFiles() {
  return filesUnder(join(server, 'src'))
    .filter((file) => file.endsWith('.test.ts') && !reachesADatabase(file))
    .map((file) => relative(server, file))
    .sort();
}

function reachesADatabase(testFile) {
  const seen = new Set();
  const pending = [testFile];
  while (pending.length > 0) {
    const file = pending.pop();
    if (seen.has(file)) continue;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    if (REACHES_A_DATABASE.some((pattern) => pattern.test(source))) return true;
    for (const [, typeOnly, from, dynamic, bare] of source.matchAll(IMPORT)) {
      const specifier = typeOnly ? undefined : (from ?? dynamic ?? bare);
      if (!specifier?.startsWith('.')) continue;
      const resolved = resolveRelative(file, specifier);
      if (!resolved) return true;
      pending.push(resolved);
    }
  }
  return false;
}

function resolveRelative(from, specifier) {
  const base = join(dirname(from), specifier);
  const candidates = [base, `${base}.ts`, `${base.replace(/\.js$/, '')}.ts`, join(base, 'index.ts')];
  return candidates.find((path) => existsSync(path) && statSync(path).isFile());
}

function filesUnder(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}
