// End-to-end runner: builds the web app if needed, starts the real server on a free port with a
// fresh data directory (embedded database, or DATABASE_URL when set), waits until it is ready,
// runs the Playwright specs in Debian's Chromium against it, and stops it.
// With E2E_BASE_URL set it only runs the specs against that running server. With E2E_S3=true the
// server keeps its media in a local S3-compatible server (s3rver, its own process and directory).
// The staging spec also gets a second server (E2E_STAGING_URL): production mode as a staging site
// (STAGING_TEST_PROVIDERS), on an embedded database of its own with no demo catalogue and no
// workers, so it costs a few seconds of start-up; it is only started when that spec runs.
// The demo clips and their HLS packages are kept in MEDIA_CACHE_DIR (default: the repository's
// node_modules/.cache/marquee-media): a run after the first copies them instead of encoding them
// again, until the clips' settings, the packaging code or ffmpeg change.
// On the PostgreSQL pass of CI (CI_BROWSER_ONLY_E2E_SPECS_PASSED) it leaves out the specs
// e2e/once-per-ci-run.mjs lists, and says which and why.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildWebIfStale, mediaCacheDir, repoRoot } from '../../../scripts/web-build.mjs';
import { specsSkippedOnThisPass } from './once-per-ci-run.mjs';

// The console spec signs in as this administrator (ADMIN_EMAILS) to give its editor the role.
const CONSOLE_ADMIN_EMAIL = 'console-admin@e2e.marquee.example';
// The staging site's operators' key (DEV_SIGN_IN_STAFF_KEY): its admin signs in with it.
const STAGING_STAFF_KEY = randomBytes(32).toString('base64url');

const playwright = ['playwright', 'test', '-c', join(repoRoot, 'apps/web/e2e/playwright.config.ts'), ...process.argv.slice(2)];
const skipped = specsSkippedOnThisPass(join(repoRoot, 'apps/web/e2e/specs'), process.env);
if (skipped.length > 0) {
  console.log(`End-to-end specs: ${skipped.length} check the page in the browser, which the database cannot change, and passed earlier in this CI run; not run again:`);
  for (const { spec, reason } of skipped) console.log(`  ${spec}: ${reason}`);
}
// playwright.config.ts ignores these (a spec nobody listed still runs).
const skipEnv = skipped.length > 0 ? { E2E_SKIP_SPECS: skipped.map(({ spec }) => spec).join(',') } : {};
if (process.env.E2E_BASE_URL) {
  process.exit(spawnSync('npx', playwright, { cwd: repoRoot, stdio: 'inherit', env: { ...process.env, ...skipEnv } }).status ?? 1);
}

buildWebIfStale();

const specs = process.argv.slice(2).filter((arg) => arg.endsWith('.spec.ts'));
const withStaging = specs.length === 0 ? !skipped.some(({ spec }) => spec.includes('staging')) : specs.some((spec) => spec.includes('staging'));
const dataDirs = [];
const s3 = process.env.E2E_S3 === 'true' ? await startLocalS3() : undefined;
const main = await startServer({ ADMIN_EMAILS: CONSOLE_ADMIN_EMAIL, ...s3?.env });
// Its own embedded database: DATABASE_URL and any bucket are the main server's.
const staging = withStaging ? await startServer(stagingEnv(), { without: ['DATABASE_URL', 'S3_BUCKET', 'S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'MEDIA_PUBLIC_URL'] }) : undefined;

let status;
try {
  await Promise.all([main, staging].filter(Boolean).map((server) => waitUntilReady(server, 600_000)));
  const run = spawnSync('npx', playwright, {
    cwd: repoRoot,
    stdio: 'inherit',
    env: { ...process.env, ...skipEnv, E2E_BASE_URL: main.baseURL, ...(staging ? { E2E_STAGING_URL: staging.baseURL, E2E_STAGING_STAFF_KEY: STAGING_STAFF_KEY } : {}) },
  });
  status = run.status ?? 1;
} finally {
  for (const server of [main, staging].filter(Boolean)) {
    server.child.kill('SIGTERM');
    if (server.child.exitCode === null) await new Promise((resolve) => server.child.once('exit', resolve));
  }
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  if (s3) await s3.stop();
}
process.exit(status);

/** The real server on a free port with a fresh data directory, the environment given on top and `without` removed. */
async function startServer(env, { without = [] } = {}) {
  const inherited = { ...process.env };
  for (const name of without) delete inherited[name];
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'marquee-e2e-'));
  dataDirs.push(dataDir);
  const child = spawn(process.execPath, ['--import', 'tsx', join(repoRoot, 'apps/server/src/server.ts')], {
    cwd: repoRoot,
    env: { ...inherited, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', MEDIA_CACHE_DIR: mediaCacheDir, LOGIN_LIMIT_PER_IP: '1000', PUBLIC_WRITE_LIMIT_PER_IP: '100000', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return { child, baseURL: `http://127.0.0.1:${port}` };
}

/**
 * A staging site as docs/operations.md describes it: production mode with the development sign-in
 * and the sandbox named in STAGING_TEST_PROVIDERS; no demo (production refuses it), no workers.
 */
function stagingEnv() {
  return {
    NODE_ENV: 'production',
    STAGING_TEST_PROVIDERS: 'dev-sign-in,sandbox-payments',
    PUBLIC_URL: 'https://staging.marquee.invalid',
    MEDIA_SIGNING_KEYS: randomBytes(32).toString('base64url'),
    SEED_DEMO: 'false',
    WORKERS: '0',
    THIRD_PARTY_FEEDS: '',
    ADMIN_EMAILS: 'staging-admin@e2e.marquee.example',
    DEV_SIGN_IN_STAFF_KEY: STAGING_STAFF_KEY,
  };
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port: free } = probe.address();
      probe.close(() => resolve(free));
    });
  });
}

async function waitUntilReady(server, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`The server at ${server.baseURL} exited with code ${server.child.exitCode} before it was ready`);
    try {
      if ((await fetch(`${server.baseURL}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The server was not ready within ${timeoutMs / 1000} s`);
}

/** s3rver in a child process (Playwright runs synchronously here), with a bucket open to CORS GETs. */
async function startLocalS3() {
  const s3port = await freePort();
  const directory = mkdtempSync(join(tmpdir(), 'marquee-e2e-s3-'));
  const s3rver = join(repoRoot, 'node_modules/s3rver');
  const child = spawn(process.execPath, [join(s3rver, 'bin/s3rver.js'), '-d', directory, '-a', '127.0.0.1', '-p', String(s3port), '-s',
    '--configure-bucket', 'marquee-media', join(s3rver, 'example/cors.xml')], { stdio: 'ignore' });
  const endpoint = `http://127.0.0.1:${s3port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      await fetch(endpoint);
      break;
    } catch {
      if (Date.now() > deadline) throw new Error('s3rver did not start');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  return {
    env: { S3_ENDPOINT: endpoint, S3_BUCKET: 'marquee-media', S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' },
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
