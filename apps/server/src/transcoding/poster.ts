import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import type { MediaTools } from './ffmpeg-binaries';
import { runTool } from './run-tool';

export const POSTER_FILE = 'poster.webp';
export const POSTER_WIDTH = 1280;
/** Where to look, as fractions of the duration: 10% is past most fade-ins and studio logos. */
const CANDIDATE_POSITIONS = [0.1, 0.25, 0.5];
/** Mean luma (0–255) under which a frame reads as black: a fade, a night scene, a title gap. */
const DARK_LUMA = 28;
/** Frames the `thumbnail` filter compares from the seek point, picking the most typical one (~1 s). */
const THUMBNAIL_BATCH = 30;

export interface ExtractPosterOptions {
  input: string;
  outputDir: string;
  durationSeconds: number;
  signal?: AbortSignal;
}

/**
 * Writes `poster.webp`, 1280 px wide (smaller sources keep their width: upscaling adds bytes, not
 * detail), from the first candidate position whose frame is not nearly black, else the brightest.
 * Returns the file name, relative to `outputDir`.
 */
export async function extractPoster(tools: MediaTools, options: ExtractPosterOptions): Promise<string> {
  const { input, outputDir, durationSeconds, signal } = options;
  let best: { png: Buffer; luma: number } | undefined;
  for (const position of CANDIDATE_POSITIONS) {
    const png = await grabFrame(tools, { input, seconds: durationSeconds * position, signal });
    const luma = await meanLuma(png);
    if (!best || luma > best.luma) best = { png, luma };
    if (luma >= DARK_LUMA) break;
  }
  await mkdir(outputDir, { recursive: true });
  await sharp(best!.png)
    .resize({ width: POSTER_WIDTH, withoutEnlargement: true })
    .webp({ quality: 82 })
    .toFile(join(outputDir, POSTER_FILE));
  return POSTER_FILE;
}

async function grabFrame(tools: MediaTools, options: { input: string; seconds: number; signal?: AbortSignal }): Promise<Buffer> {
  const args = [
    ...['-hide_banner', '-nostdin', '-loglevel', 'error'],
    // Seeking before -i jumps to the keyframe before the position and decodes forward: fast and exact.
    ...['-ss', options.seconds.toFixed(3), '-i', options.input],
    // Square pixels, so an anamorphic source's poster is not squeezed.
    ...['-vf', `thumbnail=${THUMBNAIL_BATCH},scale=iw*sar:ih,setsar=1`, '-frames:v', '1'],
    ...['-f', 'image2pipe', '-c:v', 'png', 'pipe:1'],
  ];
  const { stdout } = await runTool({ command: tools.ffmpeg, args, signal: options.signal });
  if (stdout.length === 0) throw new Error(`ffmpeg returned no frame at ${options.seconds.toFixed(1)} s`);
  return stdout;
}

async function meanLuma(png: Buffer): Promise<number> {
  const { channels } = await sharp(png).stats();
  const [r, g, b] = channels.map((c) => c.mean);
  return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
}
