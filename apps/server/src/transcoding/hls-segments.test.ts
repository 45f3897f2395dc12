import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseVariantPlaylist } from './hls-playlists';
import { groupSegments, joinFmp4Segments, regroupVariantSegments } from './hls-segments';

const box = (type: string, payload: string) => {
  const body = Buffer.from(payload, 'latin1');
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + body.length);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, body]);
};
const segment = (n: number) => Buffer.concat([box('styp', 'msdh'), box('sidx', `i${n}`), box('sidx', `j${n}`), box('moof', `f${n}`), box('mdat', `d${n}`)]);

describe('groupSegments', () => {
  it('keeps the first segment alone and joins the rest into segments of the target length', () => {
    expect(groupSegments([2, 2, 2, 2, 2, 2], 4)).toEqual([[0], [1, 2], [3, 4], [5]]);
    expect(groupSegments([2, 2, 2, 2, 2, 2, 2], 4)).toEqual([[0], [1, 2], [3, 4], [5, 6]]);
    expect(groupSegments([2, 2, 2, 2, 1.2], 4)).toEqual([[0], [1, 2], [3, 4]]);
    expect(groupSegments([1.5], 4)).toEqual([[0]]);
    expect(groupSegments([], 4)).toEqual([]);
  });
});

describe('joinFmp4Segments', () => {
  it('keeps every fragment, one styp at the head and no per-file sidx', () => {
    const joined = joinFmp4Segments([segment(1), segment(2)]);
    expect(joined.equals(Buffer.concat([box('styp', 'msdh'), box('moof', 'f1'), box('mdat', 'd1'), box('moof', 'f2'), box('mdat', 'd2')]))).toBe(true);
  });

  it('refuses a truncated segment instead of writing a broken one', () => {
    expect(() => joinFmp4Segments([segment(1).subarray(0, 30)])).toThrow(/broken MP4 box/);
  });
});

describe('regroupVariantSegments', () => {
  let dir: string | undefined;
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('rewrites the playlist and its files: a 2 s first segment, then 4 s ones', async () => {
    dir = await mkdtemp(join(tmpdir(), 'marquee-segments-'));
    const names = [0, 1, 2, 3, 4].map((n) => `segment-0000${n}.m4s`);
    await Promise.all(names.map((name, n) => writeFile(join(dir!, name), segment(n))));
    await writeFile(join(dir, 'init.mp4'), box('ftyp', 'iso6'));
    const durations = [2, 2, 2, 2, 1.5];
    const playlist = [
      '#EXTM3U',
      '#EXT-X-VERSION:7',
      '#EXT-X-TARGETDURATION:2',
      '#EXT-X-MEDIA-SEQUENCE:0',
      '#EXT-X-PLAYLIST-TYPE:VOD',
      '#EXT-X-INDEPENDENT-SEGMENTS',
      '#EXT-X-MAP:URI="init.mp4"',
      ...names.flatMap((name, n) => [`#EXTINF:${durations[n]!.toFixed(6)},`, name]),
      '#EXT-X-ENDLIST',
      '',
    ].join('\n');
    await writeFile(join(dir, 'index.m3u8'), playlist);

    await regroupVariantSegments({ playlistPath: join(dir, 'index.m3u8'), targetSeconds: 4 });

    const text = await readFile(join(dir, 'index.m3u8'), 'utf8');
    expect(text).toContain('#EXT-X-TARGETDURATION:4\n');
    expect(text).toMatch(/#EXT-X-MAP:URI="init.mp4"\n#EXTINF:2.000000,\n/);
    expect(text.endsWith('#EXT-X-ENDLIST\n')).toBe(true);
    const parsed = parseVariantPlaylist(text);
    expect(parsed.segments).toEqual([
      { uri: 'segment-00000.m4s', duration: 2 },
      { uri: 'segment-00001.m4s', duration: 4 },
      { uri: 'segment-00003.m4s', duration: 3.5 },
    ]);
    expect((await readdir(dir)).sort()).toEqual(['index.m3u8', 'init.mp4', 'segment-00000.m4s', 'segment-00001.m4s', 'segment-00003.m4s']);
    expect((await readFile(join(dir, 'segment-00000.m4s'))).equals(segment(0))).toBe(true);
    expect((await readFile(join(dir, 'segment-00003.m4s'))).equals(joinFmp4Segments([segment(3), segment(4)]))).toBe(true);
  });
});
