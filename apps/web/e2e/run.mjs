// End-to-end runner: builds the web app if needed, starts the real server on a free port with a
// fresh data directory (embedded database, or DATABASE_URL when set), waits until it is ready,
// runs the Playwright specs in Debian's Chromium against it, and stops it.
// With E2E_BASE_URL set it only runs the specs against that running server. With E2E_S3=true the
// server keeps its media in a local S3-compatible server (s3rver, its own process and directory).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildWebIfStale, repoRoot } from '../../../scripts/web-build.mjs';

const playwright = ['playwright', 'test', '-c', join(repoRoot, 'apps/web/e2e/playwright.config.ts'), ...process.argv.slice(2)];
if (process.env.E2E_BASE_URL) {
  process.exit(spawnSync('npx', playwright, { cwd: repoRoot, stdio: 'inherit' }).status ?? 1);
}

buildWebIfStale();

const port = await freePort();
const dataDir = mkdtempSync(join(tmpdir(), 'marquee-e2e-'));
const baseURL = `http://127.0.0.1:${port}`;
const s3 = process.env.E2E_S3 === 'true' ? await startLocalS3() : undefined;
const server = spawn(process.execPath, ['--import', 'tsx', join(repoRoot, 'apps/server/src/server.ts')], {
  cwd: repoRoot,
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', LOGIN_LIMIT_PER_IP: '1000', ...s3?.env },
  stdio: ['ignore', 'inherit', 'inherit'],
});

let status = 1;
try {
  await waitUntilReady(`${baseURL}/readyz`, 180_000);
  const run = spawnSync('npx', playwright, { cwd: repoRoot, stdio: 'inherit', env: { ...process.env, E2E_BASE_URL: baseURL } });
  status = run.status ?? 1;
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
  if (s3) await s3.stop();
}
process.exit(status);

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

async function waitUntilReady(url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited with code ${server.exitCode} before it was ready`);
    try {
      if ((await fetch(url)).ok) return;
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
