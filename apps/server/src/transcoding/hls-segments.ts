import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseVariantPlaylist } from './hls-playlists';

/**
 * Which of ffmpeg's segments (one keyframe interval each) form each published segment: the first
 * stays alone, so a player's first request is small and the first frame comes soonest; the rest
 * are joined until they last `targetSeconds`, so the rest of the title costs no more requests than
 * segments of that length would. Lists of indices, in order, covering every input once.
 */
export function groupSegments(durations: number[], targetSeconds: number): number[][] {
  const groups: number[][] = [];
  let current: number[] = [];
  let seconds = 0;
  for (const [i, duration] of durations.entries()) {
    current.push(i);
    seconds += duration;
    // The first segment closes at once; a group closes when the next piece would overshoot.
    if (i === 0 || seconds >= targetSeconds - 0.05) {
      groups.push(current);
      current = [];
      seconds = 0;
    }
  }
  if (current.length > 0) groups.push(current);
  return groups;
}

/**
 * Joins fMP4 media segments into one: each keeps its `moof` + `mdat` fragments (a segment may hold
 * several, RFC 8216 §3.3), the first `styp` stays at the head, and the per-file `sidx` boxes are
 * dropped because each one indexes only its own file's bytes.
 */
export function joinFmp4Segments(parts: Buffer[]): Buffer {
  const boxes: Buffer[] = [];
  for (const [index, part] of parts.entries()) {
    for (const box of topLevelBoxes(part)) {
      const type = box.toString('latin1', 4, 8);
      if (type === 'sidx' || (type === 'styp' && index > 0)) continue;
      boxes.push(box);
    }
  }
  return Buffer.concat(boxes);
}

/**
 * Rewrites a media playlist ffmpeg wrote with one keyframe interval per segment so that the first
 * segment stays that short and the others last `targetSeconds` (see `groupSegments`). The joined
 * files take the names of the first part of each group; the other parts are deleted.
 */
export async function regroupVariantSegments(input: { playlistPath: string; targetSeconds: number }): Promise<void> {
  const { playlistPath, targetSeconds } = input;
  const dir = join(playlistPath, '..');
  const text = await readFile(playlistPath, 'utf8');
  const { segments } = parseVariantPlaylist(text);
  const groups = groupSegments(
    segments.map((s) => s.duration),
    targetSeconds,
  );
  if (groups.every((g) => g.length === 1)) return;

  const published: { uri: string; duration: number }[] = [];
  for (const group of groups) {
    const parts = group.map((i) => segments[i]!);
    const uri = parts[0]!.uri;
    if (parts.length > 1) {
      const joined = joinFmp4Segments(await Promise.all(parts.map((p) => readFile(join(dir, p.uri)))));
      await writeFile(join(dir, `${uri}.joined`), joined);
      await Promise.all(parts.map((p) => rm(join(dir, p.uri))));
      await rename(join(dir, `${uri}.joined`), join(dir, uri));
    }
    published.push({ uri, duration: parts.reduce((sum, p) => sum + p.duration, 0) });
  }
  await writeFile(playlistPath, withSegments(text, published));
}

/** The playlist's header (up to its first segment) with a new target duration, then `segments`. */
function withSegments(text: string, segments: { uri: string; duration: number }[]): string {
  const lines = text.split('\n');
  const firstSegment = lines.findIndex((line) => line.startsWith('#EXTINF:'));
  // RFC 8216 §4.3.3.1: every EXTINF rounded to the nearest integer is at most the target duration.
  const target = Math.max(1, ...segments.map((s) => Math.round(s.duration)));
  const header = lines
    .slice(0, firstSegment)
    .map((line) => (line.startsWith('#EXT-X-TARGETDURATION:') ? `#EXT-X-TARGETDURATION:${target}` : line));
  const body = segments.flatMap((s) => [`#EXTINF:${s.duration.toFixed(6)},`, s.uri]);
  return [...header, ...body, '#EXT-X-ENDLIST', ''].join('\n');
}

function topLevelBoxes(data: Buffer): Buffer[] {
  const boxes: Buffer[] = [];
  let at = 0;
  while (at + 8 <= data.length) {
    let size = data.readUInt32BE(at);
    if (size === 1) size = Number(data.readBigUInt64BE(at + 8));
    else if (size === 0) size = data.length - at;
    if (size < 8 || at + size > data.length) throw new Error(`A broken MP4 box at byte ${at} of a media segment`);
    boxes.push(data.subarray(at, at + size));
    at += size;
  }
  return boxes;
}
