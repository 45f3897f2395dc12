import { readdir, stat } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { generateDemoClip } from '@marquee/server/src/demo/clips/demo-clips';
import { resolveMediaTools, type MediaTools } from '@marquee/server/src/transcoding/ffmpeg-binaries';
import { planLadder } from '@marquee/server/src/transcoding/hls-ladder';
import { probeMedia } from '@marquee/server/src/transcoding/probe';
import { runTool } from '@marquee/server/src/transcoding/run-tool';

export interface MediaFile {
  /** Relative to the package directory, with forward slashes: '720p/segment-00001.m4s'. */
  path: string;
  bytes: number;
}

/** The same tools the server resolves (configured paths, then PATH, then the npm-shipped build). */
export async function benchMediaTools(): Promise<MediaTools> {
  const tools = await resolveMediaTools({ ffmpegPath: process.env.FFMPEG_PATH, ffprobePath: process.env.FFPROBE_PATH });
  if (!tools.supported) throw new Error(`${tools.ffmpeg} lacks what the pipeline needs: ${tools.missing.join(', ')}`);
  return tools;
}

/** 'ffmpeg 5.1.6-0+deb12u1 (path)': the version and where it came from, for report titles. */
export function ffmpegLabel(tools: MediaTools): string {
  return `ffmpeg ${tools.version.split(' ')[2] ?? '?'} (${tools.source.ffmpeg})`;
}

/** A 1280×720 test-pattern source with a tone, as the demo catalogue makes them. */
export async function makeSourceClip(tools: MediaTools, options: { output: string; durationSeconds: number }): Promise<void> {
  await generateDemoClip(tools, { output: options.output, variant: 'test-pattern', durationSeconds: options.durationSeconds, title: 'Marquee bench' });
}

/**
 * One progressive MP4 of the same source, encoded as the ladder's top rendition is (see
 * transcode-hls.ts: x264 veryfast, High, CRF 22 capped by the rung's maxrate/bufsize, a keyframe
 * every 2 s, AAC 128k stereo), with the index in front (faststart) so playback can begin before the
 * whole file is in, which is what a <video src> of a single file at its best looks like.
 */
export async function makeProgressiveMp4(tools: MediaTools, options: { input: string; output: string }): Promise<{ height: number }> {
  const probe = await probeMedia(tools, options.input);
  const plan = planLadder(probe);
  const top = plan.renditions[0]!;
  await runTool({
    command: tools.ffmpeg,
    args: [
      ...['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', '-i', options.input],
      ...['-vf', `scale=${top.width}:${top.height},setsar=1,format=yuv420p`],
      ...['-c:v', 'libx264', '-preset', 'veryfast', '-profile:v', 'high', '-crf', '22', '-level:v', top.level.name],
      ...['-maxrate:v', `${top.maxrateKbps}k`, '-bufsize:v', `${top.bufsizeKbps}k`],
      ...['-g', String(plan.gopFrames), '-keyint_min', String(plan.gopFrames), '-sc_threshold', '0', '-r', String(plan.fps)],
      ...['-c:a', 'aac', '-b:a', '128k', '-ac', '2', '-ar', '48000'],
      ...['-movflags', '+faststart', options.output],
    ],
  });
  return { height: top.height };
}

/** Every segment of a package (init and media segments of each rendition), smallest rendition first. */
export async function listSegments(packageDir: string): Promise<MediaFile[]> {
  const files: MediaFile[] = [];
  for (const entry of await readdir(packageDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.(m4s|mp4)$/.test(entry.name)) continue;
    const full = join(entry.parentPath, entry.name);
    files.push({ path: relative(packageDir, full).split('\\').join('/'), bytes: (await stat(full)).size });
  }
  return files.sort((a, b) => a.path.localeCompare(b.path, 'en', { numeric: true }));
}
