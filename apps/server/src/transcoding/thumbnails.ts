import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import type { MediaTools } from './ffmpeg-binaries';
import { runTool } from './run-tool';
import { webVtt } from './webvtt';

export const THUMBNAILS_VTT = 'thumbnails.vtt';
/** JPEG, not WebP: WebP stops at 16,383 px, which a sprite of a long film's 90 px rows would pass. */
export const SPRITE_FILE = 'sprite.jpg';
export const THUMBNAIL_INTERVAL_SECONDS = 10;
export const THUMBNAIL_WIDTH = 160;
export const THUMBNAIL_HEIGHT = 90;
export const SPRITE_COLUMNS = 10;
const BYTES_PER_TILE = THUMBNAIL_WIDTH * THUMBNAIL_HEIGHT * 3;

export interface SeekThumbnailsOptions {
  /** Any video ffmpeg reads; the packager passes the lowest rendition, ~10× cheaper to decode than the source. */
  input: string;
  outputDir: string;
  durationSeconds: number;
  signal?: AbortSignal;
}

export interface SeekThumbnails {
  vttFile: string;
  spriteFile: string;
  count: number;
}

/**
 * One 160×90 frame per 10 s, tiled ten to a row into `sprite.jpg`, and `thumbnails.vtt` whose cue
 * for each 10 s interval points at its tile (`sprite.jpg#xywh=x,y,w,h`, relative to the VTT).
 * Each tile shows the middle of its interval, so a preview is at most 5 s off the hovered time.
 */
export async function makeSeekThumbnails(tools: MediaTools, options: SeekThumbnailsOptions): Promise<SeekThumbnails> {
  const { input, outputDir, durationSeconds, signal } = options;
  const count = Math.max(1, Math.ceil(durationSeconds / THUMBNAIL_INTERVAL_SECONDS));
  // Each tile shows the middle of its interval (the last interval may be short): the first frame
  // at or after that instant. `select` rather than `fps=1/10`: FFmpeg 5's fps filter drops a
  // final slot shorter than half an interval, which loses the only frame of a clip under 5 s.
  const lastStart = (count - 1) * THUMBNAIL_INTERVAL_SECONDS;
  const lastMiddle = lastStart + (durationSeconds - lastStart) / 2;
  const pick = `lt(selected_n,${count})*gte(t,min(${THUMBNAIL_INTERVAL_SECONDS / 2}+${THUMBNAIL_INTERVAL_SECONDS}*selected_n,${lastMiddle.toFixed(3)}))`;
  const filters = [
    'setpts=PTS-STARTPTS',
    `select='${pick}'`,
    // One frame per second of output clock, so the muxer neither drops nor duplicates any.
    'setpts=N/TB',
    // Square pixels, then fit inside 160×90 and letterbox: every tile has the same size.
    'scale=iw*sar:ih',
    `scale=${THUMBNAIL_WIDTH}:${THUMBNAIL_HEIGHT}:force_original_aspect_ratio=decrease`,
    `pad=${THUMBNAIL_WIDTH}:${THUMBNAIL_HEIGHT}:(ow-iw)/2:(oh-ih)/2`,
    'setsar=1',
  ];
  // Raw RGB frames of a known size split exactly, so no temporary image files are needed.
  const args = [
    ...['-hide_banner', '-nostdin', '-loglevel', 'error', '-i', input, '-an', '-sn'],
    ...['-vf', filters.join(','), '-r', '1', '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'],
  ];
  const { stdout } = await runTool({ command: tools.ffmpeg, args, signal });
  const frames = Math.floor(stdout.length / BYTES_PER_TILE);
  if (frames === 0) throw new Error('ffmpeg returned no thumbnail frames');

  await mkdir(outputDir, { recursive: true });
  await writeSprite({ raw: stdout, frames, count, file: join(outputDir, SPRITE_FILE) });
  await writeFile(join(outputDir, THUMBNAILS_VTT), thumbnailsVtt({ count, durationSeconds }));
  return { vttFile: THUMBNAILS_VTT, spriteFile: SPRITE_FILE, count };
}

export function spriteTilePosition(index: number): { x: number; y: number } {
  return {
    x: (index % SPRITE_COLUMNS) * THUMBNAIL_WIDTH,
    y: Math.floor(index / SPRITE_COLUMNS) * THUMBNAIL_HEIGHT,
  };
}

function thumbnailsVtt(options: { count: number; durationSeconds: number }): string {
  return webVtt(
    Array.from({ length: options.count }, (_, i) => {
      const start = i * THUMBNAIL_INTERVAL_SECONDS;
      const { x, y } = spriteTilePosition(i);
      return {
        start,
        end: Math.min(start + THUMBNAIL_INTERVAL_SECONDS, options.durationSeconds),
        text: `${SPRITE_FILE}#xywh=${x},${y},${THUMBNAIL_WIDTH},${THUMBNAIL_HEIGHT}`,
      };
    }),
  );
}

/** One tile per cue; should the stream end early and a frame be missing, the last one repeats. */
async function writeSprite(options: { raw: Buffer; frames: number; count: number; file: string }): Promise<void> {
  const { raw, frames, count, file } = options;
  const columns = Math.min(SPRITE_COLUMNS, count);
  const width = columns * THUMBNAIL_WIDTH;
  const height = Math.ceil(count / columns) * THUMBNAIL_HEIGHT;
  const sprite = Buffer.alloc(width * height * 3);
  const rowBytes = THUMBNAIL_WIDTH * 3;
  for (let i = 0; i < count; i++) {
    const frame = Math.min(i, frames - 1);
    const { x, y } = spriteTilePosition(i);
    for (let row = 0; row < THUMBNAIL_HEIGHT; row++) {
      const from = frame * BYTES_PER_TILE + row * rowBytes;
      raw.copy(sprite, ((y + row) * width + x) * 3, from, from + rowBytes);
    }
  }
  await sharp(sprite, { raw: { width, height, channels: 3 } }).jpeg({ quality: 72, mozjpeg: true }).toFile(file);
}
