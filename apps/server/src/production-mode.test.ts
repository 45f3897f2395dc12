import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entryPoints, startProcess } from '../test/server-process';
import { shippedToolPaths } from './transcoding/ffmpeg-binaries';

// NODE_ENV=production is safe by construction: the real entry point refuses to start on anything
// an operator could leave at a development default, and says what it runs with when it starts.

const KEY = 'k'.repeat(40);

/** A complete production environment; each refusal below takes one setting away. */
const production: Record<string, string> = {
  NODE_ENV: 'production',
  GOOGLE_CLIENT_ID: 'marquee.apps.googleusercontent.com',
  PAYPAL_CLIENT_ID: 'paypal-client',
  PAYPAL_CLIENT_SECRET: 'paypal-secret',
  PAYPAL_WEBHOOK_ID: 'WH-1',
  PUBLIC_URL: 'https://marquee.example',
  MEDIA_SIGNING_KEYS: KEY,
  SEED_DEMO: 'false',
  THIRD_PARTY_FEEDS: '',
  PORT: '0',
  LOG_LEVEL: 'info',
};

const without = (...names: string[]) => Object.fromEntries(Object.entries(production).filter(([name]) => !names.includes(name)));

/**
 * Starts the server entry point and expects it to exit 1 having named exactly these variables. A
 * server that starts instead is stopped, so a failing case leaves no process behind.
 */
async function refused(env: Record<string, string>) {
  const server = startProcess(entryPoints.server, env);
  const started = await Promise.race([server.exited.then(() => false), server.waitFor(/running at/).then(Boolean)]);
  // Started, or neither refused nor started within a minute: stop it either way.
  if (server.child.exitCode === null) server.child.kill('SIGKILL');
  const code = started ? 'started' : await server.exited;
  const problems = server.output().split('\n').filter((line) => line.startsWith('  - ')).map((line) => line.slice(4, line.indexOf(':')));
  return { code, problems, output: server.output() };
}

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'marquee-production-'));
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

describe('NODE_ENV=production refuses to start', () => {
  it('on development defaults, listing every problem at once', async () => {
    const { code, problems, output } = await refused({ NODE_ENV: 'production', DATA_DIR: dataDir });
    expect(code).toBe(1);
    expect(problems.sort()).toEqual(['GOOGLE_CLIENT_ID', 'MEDIA_SIGNING_KEYS', 'PAYPAL_CLIENT_ID', 'PUBLIC_URL', 'SEED_DEMO']);
    expect(output).toContain('anyone could sign in as any email');
    expect(output).not.toContain('running at');
  });

  const cases: [string, Record<string, string>, string, RegExp][] = [
    ['without Google sign-in', without('GOOGLE_CLIENT_ID'), 'GOOGLE_CLIENT_ID', /required in production/],
    ['without PayPal', without('PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET', 'PAYPAL_WEBHOOK_ID'), 'PAYPAL_CLIENT_ID', /rentals and plans are free/],
    ['with an http PUBLIC_URL', { ...production, PUBLIC_URL: 'http://marquee.example' }, 'PUBLIC_URL', /must be the site's https:\/\/ address in production \(not https\)/],
    ['without MEDIA_SIGNING_KEYS', without('MEDIA_SIGNING_KEYS'), 'MEDIA_SIGNING_KEYS', /every node signs and checks playback links/],
    ['with SEED_DEMO left on', without('SEED_DEMO'), 'SEED_DEMO', /must be false in production/],
    ['with a staging opt-in it does not know', { ...production, STAGING_TEST_PROVIDERS: 'free-rentals' }, 'STAGING_TEST_PROVIDERS', /unknown free-rentals/],
  ];
  it.each(cases)('%s', async (_name, env, variable, message) => {
    const { code, problems, output } = await refused({ ...env, DATA_DIR: dataDir });
    expect(code).toBe(1);
    expect(problems).toEqual([variable]);
    expect(output).toMatch(message);
  });

  // The npm-shipped ffmpeg is a 2018 git build (libavcodec 58.42): a development fallback only.
  const shipped = shippedToolPaths();
  it('with an ffmpeg older than 5.1, naming it in the same list as a missing setting', async () => {
    const { code, problems, output } = await refused({ ...without('SEED_DEMO'), FFMPEG_PATH: shipped.ffmpeg!, DATA_DIR: dataDir });
    expect(code).toBe(1);
    expect(problems.sort()).toEqual(['FFMPEG_PATH', 'SEED_DEMO']);
    expect(output).toContain(`FFMPEG_PATH: ${shipped.ffmpeg} (N-47683-g0e8eb07980-static, libavcodec 58.42) is older than 5.1`);
    expect(output).toMatch(/apt-get install ffmpeg/);
  });

  it('with the npm-shipped ffprobe, however recent, as it is no maintained build', async () => {
    const { code, problems, output } = await refused({ ...production, FFPROBE_PATH: shipped.ffprobe!, DATA_DIR: dataDir });
    expect(code).toBe(1);
    expect(problems).toEqual(['FFPROBE_PATH']);
    expect(output).toMatch(/FFPROBE_PATH: \S+ffprobe \(N-\S+, libavcodec 60\.\d+\) is the static build npm ships/);
  });

  it('with several nodes declared, without a shared database, bucket and keys', async () => {
    const { code, problems, output } = await refused({ ...without('MEDIA_SIGNING_KEYS', 'GOOGLE_CLIENT_ID'), STAGING_TEST_PROVIDERS: 'dev-sign-in', NODES: '3', DATA_DIR: dataDir });
    expect(code).toBe(1);
    expect(problems.sort()).toEqual(['DATABASE_URL', 'DEV_SIGN_IN_KEY', 'MEDIA_SIGNING_KEYS', 'S3_BUCKET']);
    expect(output).toContain('DATABASE_URL: required when NODES is 3');
  });
});

describe('NODE_ENV=production starts', () => {
  it('when configured, naming its providers, storage and database, with no test mode', async () => {
    const server = startProcess(entryPoints.server, { ...production, DATA_DIR: join(dataDir, 'real') });
    try {
      const url = (await server.waitFor(/running at (http:\/\/\S+)/))?.[1];
      expect(url, server.output()).toBeTruthy();
      const site = siteLine(server.output());
      expect(site).toMatchObject({ mode: 'production', signIn: 'Google', payments: 'PayPal (https://api-m.sandbox.paypal.com)', testMode: false });
      expect(site.storage).toMatch(/^local disk/);
      expect(site.database).toMatch(/^embedded/);
      // The maintained ffmpeg on PATH (CI installs Debian's), by its path and version.
      expect(site.ffmpeg).toMatch(/^\/\S+\/ffmpeg \S+ \(PATH\)$/);
      expect(site.ffprobe).toMatch(/^\/\S+\/ffprobe \S+ \(PATH\)$/);
      expect(site.encoders).toBe('libx264, aac');
      expect(server.output()).not.toContain('TEST MODE');
      expect((await displaySettings(url!)).testMode).toBeNull();
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  });

  it('as a staging site with the test providers it names, saying so in the log and to every page', async () => {
    const env = { ...without('GOOGLE_CLIENT_ID', 'PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET', 'PAYPAL_WEBHOOK_ID'), STAGING_TEST_PROVIDERS: 'dev-sign-in,sandbox-payments' };
    const server = startProcess(entryPoints.server, { ...env, DATA_DIR: join(dataDir, 'staging') });
    try {
      const url = (await server.waitFor(/running at (http:\/\/\S+)/))?.[1];
      expect(url, server.output()).toBeTruthy();
      expect(siteLine(server.output())).toMatchObject({ signIn: expect.stringMatching(/^development issuer/), payments: expect.stringMatching(/^sandbox/), testMode: true });
      expect(server.output()).toContain('TEST MODE (STAGING_TEST_PROVIDERS): production with the development sign-in and the sandbox payments');
      expect(server.output()).toContain('nobody has staff rights (no DEV_SIGN_IN_STAFF_KEY)');
      expect((await displaySettings(url!)).testMode).toEqual({ devSignIn: true, sandboxPayments: true });
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  });
});

async function displaySettings(url: string): Promise<{ testMode: unknown }> {
  return (await (await fetch(new URL('/settings/display', url))).json()) as { testMode: unknown };
}

function siteLine(output: string): Record<string, unknown> {
  const line = output.split('\n').find((l) => l.includes('"msg":"site"'));
  return line ? (JSON.parse(line) as Record<string, unknown>) : {};
}
