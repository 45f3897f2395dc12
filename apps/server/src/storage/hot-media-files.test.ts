import { mkdtemp, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HotMediaFiles } from './hot-media-files';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'marquee-hot-files-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** Writes a file of `bytes` bytes of `fill`; answers its path. */
async function file(name: string, bytes: number, fill: number) {
  const path = join(dir, name);
  await writeFile(path, Buffer.alloc(bytes, fill));
  return path;
}
const bytesOf = async (hot: HotMediaFiles, path: string) => hot.bytesOf(path, await stat(path));

describe('hot media files', () => {
  it('answers a file read once from memory, with its exact bytes', async () => {
    const hot = new HotMediaFiles({ maxBytes: 100_000, maxFileBytes: 50_000 });
    const path = await file('exact.m4s', 10_000, 3);
    const first = await bytesOf(hot, path);
    expect(first).toEqual(Buffer.alloc(10_000, 3));
    expect(await bytesOf(hot, path)).toBe(first);
    expect(hot.size).toEqual({ files: 1, bytes: 10_000 });
  });

  it('keeps at most its byte bound, the least recently used file out first', async () => {
    const hot = new HotMediaFiles({ maxBytes: 25_000, maxFileBytes: 25_000 });
    const [a, b, c] = [await file('a.m4s', 10_000, 1), await file('b.m4s', 10_000, 2), await file('c.m4s', 10_000, 3)];
    const keptA = await bytesOf(hot, a);
    const keptB = await bytesOf(hot, b);
    expect(await bytesOf(hot, a)).toBe(keptA);
    await bytesOf(hot, c);
    expect(hot.size).toEqual({ files: 2, bytes: 20_000 });
    expect(await bytesOf(hot, a)).toBe(keptA);
    const rereadB = await bytesOf(hot, b);
    expect(rereadB).not.toBe(keptB);
    expect(rereadB).toEqual(Buffer.alloc(10_000, 2));
    expect(hot.size.bytes).toBeLessThanOrEqual(25_000);
  });

  it('never keeps a file above the size cap, nor anything with a bound of 0', async () => {
    const big = await file('big.m4s', 30_000, 4);
    expect(await bytesOf(new HotMediaFiles({ maxBytes: 100_000, maxFileBytes: 20_000 }), big)).toBeUndefined();
    const off = HotMediaFiles.fromBudget(0);
    expect(await bytesOf(off, await file('small.m3u8', 100, 5))).toBeUndefined();
    expect(off.size).toEqual({ files: 0, bytes: 0 });
  });

  it('reads a file again once it is replaced or rewritten in place', async () => {
    const hot = new HotMediaFiles({ maxBytes: 100_000, maxFileBytes: 50_000 });
    const path = await file('master.m3u8', 1_000, 0x41);
    expect(await bytesOf(hot, path)).toEqual(Buffer.alloc(1_000, 0x41));
    // As storage writes: beside, then renamed over it (same size, new content).
    await writeFile(`${path}.partial`, Buffer.alloc(1_000, 0x42));
    await rename(`${path}.partial`, path);
    expect(await bytesOf(hot, path)).toEqual(Buffer.alloc(1_000, 0x42));
    await writeFile(path, Buffer.alloc(1_200, 0x43));
    expect(await bytesOf(hot, path)).toEqual(Buffer.alloc(1_200, 0x43));
    expect(hot.size).toEqual({ files: 1, bytes: 1_200 });
  });

  it('keeps nothing for a stat that no longer describes the file', async () => {
    const hot = new HotMediaFiles({ maxBytes: 100_000, maxFileBytes: 50_000 });
    const path = await file('old.m4s', 2_000, 6);
    const before = await stat(path);
    await writeFile(`${path}.partial`, Buffer.alloc(2_000, 7));
    await rename(`${path}.partial`, path);
    expect(await hot.bytesOf(path, before)).toBeUndefined();
    expect(hot.size.files).toBe(0);
  });

  it('reads a file once for requests that miss together', async () => {
    const hot = new HotMediaFiles({ maxBytes: 100_000, maxFileBytes: 50_000 });
    const path = await file('together.m4s', 5_000, 8);
    const info = await stat(path);
    const answers = await Promise.all([hot.bytesOf(path, info), hot.bytesOf(path, info), hot.bytesOf(path, info)]);
    expect(answers[1]).toBe(answers[0]);
    expect(answers[2]).toBe(answers[0]);
  });
});
