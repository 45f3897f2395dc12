import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseIngestArgs } from './ingest';

describe('npm run ingest arguments', () => {
  it.each([
    [['a.mp4', '--movie', 'dune'], { movie: 'dune', role: 'video' }],
    [['a.mp4', '--movie', 'dune', '--trailer'], { movie: 'dune', role: 'trailer' }],
    [['a.mp4', '--series', 'dark', '--episode', '3'], { series: 'dark', episode: 3 }],
    [['a.mp4', '--series', 'dark', '--trailer'], { series: 'dark', role: 'trailer' }],
  ])('%j', (argv, target) => {
    expect(parseIngestArgs(argv)).toEqual({ file: resolve('a.mp4'), target });
  });

  it.each([
    [[], /exactly one source file/],
    [['a.mp4', 'b.mp4', '--movie', 'x'], /exactly one source file/],
    [['a.mp4'], /either --movie or --series/],
    [['a.mp4', '--movie', 'x', '--series', 'y'], /either --movie or --series/],
    [['a.mp4', '--movie', 'x', '--episode', '2'], /--episode goes with --series/],
    [['a.mp4', '--series', 'x'], /--episode must be a positive whole number/],
    [['a.mp4', '--series', 'x', '--episode', '0'], /--episode must be a positive whole number/],
    [['a.mp4', '--series', 'x', '--episode', '2', '--trailer'], /not both/],
  ])('refuses %j', (argv, message) => {
    expect(() => parseIngestArgs(argv)).toThrow(message);
  });
});

describe('npm run ingest', () => {
  const entry = fileURLToPath(new URL('./ingest.ts', import.meta.url));
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'marquee-ingest-cli-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  const run = (args: string[]) =>
    spawnSync(process.execPath, ['--import', 'tsx', entry, ...args], {
      env: { PATH: process.env.PATH, DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
      encoding: 'utf8',
      timeout: 60_000,
    });

  it('explains its usage and exits 2 on bad arguments', () => {
    const result = run(['--movie', 'x']);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('Usage:');
  });

  it('refuses a file that is not a video before storing anything', async () => {
    const junk = join(dataDir, 'junk.mp4');
    await writeFile(junk, 'not a video');
    const result = run([junk, '--movie', 'anything']);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/not a playable video|no video stream|not a video/i);
  });
});
