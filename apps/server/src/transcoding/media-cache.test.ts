import { mkdtemp, mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, test } from 'vitest';
import type { MediaTools } from './ffmpeg-binaries';
import { cachedWork } from './media-cache';

const tools: MediaTools = {
  ffmpeg: '/opt/ffmpeg',
  ffprobe: '/opt/ffprobe',
  source: { ffmpeg: 'config', ffprobe: 'config' },
  version: 'ffmpeg version 6.1',
  ffprobeVersion: 'ffprobe version 6.1',
  libavcodec: { ffmpeg: [60, 31], ffprobe: [60, 31] },
  supported: true,
  missing: [],
};
let dir: string;
let runs: number;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'marquee-media-cache-test-'));
  runs = 0;
});
afterEach(() => rm(dir, { recursive: true, force: true }));

/** Writes master.m3u8 and a segment in a subdirectory, counting how often it really ran. */
function work(outputDir: string, text = 'segment bytes') {
  return async () => {
    runs += 1;
    await mkdir(join(outputDir, '720p'), { recursive: true });
    await writeFile(join(outputDir, 'master.m3u8'), '#EXTM3U\n');
    await writeFile(join(outputDir, '720p/0.m4s'), text);
    return { result: { duration: 40 }, files: ['720p/0.m4s', 'master.m3u8'] };
  };
}

const run = (outputDir: string, over: Partial<Parameters<typeof cachedWork>[0]> = {}) =>
  cachedWork({ cacheDir: join(dir, 'cache'), key: ['package', 'abc'], codeOf: import.meta.url, tools, outputDir, work: work(outputDir), ...over });

test('the same work again is copied from the cache, files and result, without running', async () => {
  expect(await run(join(dir, 'first'))).toEqual({ duration: 40 });
  expect(await run(join(dir, 'second'))).toEqual({ duration: 40 });
  expect(runs).toBe(1);
  expect(await readFile(join(dir, 'second/720p/0.m4s'), 'utf8')).toBe('segment bytes');
  expect(await readFile(join(dir, 'second/master.m3u8'), 'utf8')).toBe('#EXTM3U\n');
});

test('other inputs or another ffmpeg or ffprobe build are new work', async () => {
  await run(join(dir, 'a'));
  await run(join(dir, 'b'), { key: ['package', 'def'] });
  await run(join(dir, 'c'), { tools: { ...tools, version: 'ffmpeg version 7.0' } });
  await run(join(dir, 'd'), { tools: { ...tools, ffmpeg: '/usr/bin/ffmpeg' } });
  // A security update of the distribution's package (5.1.8 to 5.1.9) changes only the version line.
  await run(join(dir, 'e'), { tools: { ...tools, ffprobeVersion: 'ffprobe version 6.1.1' } });
  await run(join(dir, 'f'), { tools: { ...tools, ffprobeVersion: 'ffprobe version 6.1.1' } });
  expect(runs).toBe(5);
});

test('a change to the code beside the module is new work', async () => {
  const code = join(dir, 'code');
  await mkdir(code);
  await writeFile(join(code, 'package.ts'), 'export const crf = 20;');
  const codeOf = `file://${join(code, 'package.ts')}`;
  await run(join(dir, 'a'), { codeOf });
  await run(join(dir, 'b'), { codeOf });
  expect(runs).toBe(1);
  // Code is hashed once per process (a running server's code does not change): a new directory
  // stands for the next process, with one setting edited.
  const edited = join(dir, 'edited');
  await mkdir(edited);
  await writeFile(join(edited, 'package.ts'), 'export const crf = 23;');
  await run(join(dir, 'c'), { codeOf: `file://${join(edited, 'package.ts')}` });
  expect(runs).toBe(2);
});

test('failed work keeps nothing, and without a cache directory the work always runs', async () => {
  const failing = async () => {
    throw new Error('ffmpeg failed');
  };
  await expect(run(join(dir, 'a'), { work: failing })).rejects.toThrow('ffmpeg failed');
  expect(await readdir(dir)).not.toContain('cache');
  await run(join(dir, 'b'));
  expect(runs).toBe(1);
  await run(join(dir, 'c'), { cacheDir: undefined });
  await run(join(dir, 'd'), { cacheDir: undefined });
  expect(runs).toBe(3);
});
