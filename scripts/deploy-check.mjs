// `npm run test:deploy` (after `npm run build`): proves the build runs as an operator deploys it.
// The release (scripts/package-release.mjs) is copied into a temp directory, installed there with
// `npm ci --omit=dev` (no tsx, TypeScript, Vite or test tools), and its compiled commands are run:
// migrate, the server (it must answer /readyz) and the worker.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { packageRelease } from './package-release.mjs';

const release = mkdtempSync(join(tmpdir(), 'marquee-release-'));
const dataDir = join(release, 'data');
const failures = [];
const check = (ok, what) => {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures.push(what);
};

try {
  packageRelease(release);
  const install = spawnSync('npm', ['ci', '--omit=dev', '--workspace', '@marquee/server', '--prefer-offline', '--no-audit', '--no-fund'], {
    cwd: release,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  check(install.status === 0, 'npm ci --omit=dev --workspace @marquee/server installs the release');
  // The release brings its own runtime (the `node` package, docs/decisions/011): npm runs its scripts on it.
  const runtime = spawnSync(join(release, 'node_modules/.bin/node'), ['-v'], { encoding: 'utf8' });
  check(/^v24\./.test(runtime.stdout ?? ''), `the release installs Node 24 for its scripts (${(runtime.stdout ?? '').trim() || runtime.error?.message})`);
  for (const devOnly of ['tsx', 'typescript', 'vite', 'vitest', 'esbuild', 'drizzle-kit']) {
    check(!existsSync(join(release, 'node_modules', devOnly)), `${devOnly} is not installed`);
  }

  const base = { PATH: process.env.PATH, HOME: process.env.HOME ?? release, DATA_DIR: dataDir, SEED_DEMO: 'false', THIRD_PARTY_FEEDS: '', LOG_FORMAT: 'json' };
  const migrate = spawnSync('npm', ['run', '--silent', 'migrate:prod'], { cwd: release, env: base, encoding: 'utf8' });
  check(migrate.status === 0 && /Applied \d+ migrations/.test(migrate.stdout), `npm run migrate:prod applies the migrations (${migrate.stdout.trim() || migrate.stderr.trim()})`);

  const port = await freePort();
  const server = spawn('npm', ['run', '--silent', 'start:prod'], {
    cwd: release,
    env: { ...base, PORT: String(port), WORKERS: '0', LOG_LEVEL: 'warn' },
    stdio: 'inherit',
    detached: true,
  });
  const ready = await waitUntilReady(`http://127.0.0.1:${port}/readyz`, server, 60_000);
  check(ready, 'npm run start:prod serves /readyz');
  if (ready) {
    const page = await fetch(`http://127.0.0.1:${port}/`, { headers: { accept: 'text/html' } });
    check(page.status === 200 && (await page.text()).includes('<div id="root">'), 'the server serves the built web app');
  }
  check(await stop(server), 'the server stops on SIGTERM');

  // The embedded database belongs to one process at a time: the worker runs once the server is gone.
  const worker = spawn('npm', ['run', '--silent', 'worker:prod'], { cwd: release, env: base, stdio: ['ignore', 'pipe', 'inherit'], detached: true });
  let workerOutput = '';
  worker.stdout.on('data', (chunk) => (workerOutput += chunk));
  const started = await until(() => workerOutput.includes('worker started') || worker.exitCode !== null, 60_000);
  check(started && worker.exitCode === null, 'npm run worker:prod starts');
  await stop(worker);
} finally {
  rmSync(release, { recursive: true, force: true });
}

if (failures.length > 0) {
  console.error(`\n${failures.length} deployment check(s) failed`);
  process.exit(1);
}
console.log('\nThe release installs without dev dependencies and runs.');

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

async function until(condition, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await condition()) return true;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return false;
}

function waitUntilReady(url, child, timeoutMs) {
  return until(async () => {
    if (child.exitCode !== null) return true;
    try {
      return (await fetch(url)).ok;
    } catch {
      return false;
    }
  }, timeoutMs).then((done) => done && child.exitCode === null);
}

/**
 * npm runs the command in a shell of its own: signal the whole process group (the child was
 * started detached, so it leads one), as a supervisor stopping the service would. True when every
 * process of the group has exited within 15 s.
 */
async function stop(child) {
  const group = -child.pid;
  try {
    process.kill(group, 'SIGTERM');
  } catch {
    return true;
  }
  const gone = await until(() => {
    try {
      process.kill(group, 0);
      return false;
    } catch {
      return true;
    }
  }, 15_000);
  if (!gone) process.kill(group, 'SIGKILL');
  return gone;
}
