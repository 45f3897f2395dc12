import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Rendition } from '../db/schema/media.table';
import type { MediaTools } from './ffmpeg-binaries';
import { KEYFRAME_INTERVAL_SECONDS, planLadder, type LadderPlan } from './hls-ladder';
import { AAC_LC_CODEC, masterPlaylist, measureVariant } from './hls-playlists';
import { probeMedia, type MediaProbe } from './probe';
import { runTool } from './run-tool';

export const SEGMENT_SECONDS = 4;
export const MASTER_PLAYLIST = 'master.m3u8';
const VARIANT_PLAYLIST = 'index.m3u8';
/**
 * veryfast keeps a 720p source's three-rung ladder near 43 CPU-seconds per source minute (measured on
 * hard synthetic content), i.e. about 0.4× real time on 2 idle cores; slower presets multiply that.
 */
const X264_PRESET = 'veryfast';
/** Capped CRF: easy scenes take fewer bits than the cap, hard ones are held to it by the VBV. */
const X264_CRF = 22;

export interface TranscodeHlsOptions {
  input: string;
  outputDir: string;
  /** The source's probe, if the caller has it already. */
  probe?: MediaProbe;
  /** Whole percent 0–100, called when it changes; 100 once the master playlist is written. */
  onProgress?: (percent: number) => void;
  /** Aborting kills ffmpeg; the promise rejects with the signal's reason. */
  signal?: AbortSignal;
}

export interface TranscodeHlsResult {
  /** Lowest first, as in the master playlist. */
  renditions: Rendition[];
  durationSeconds: number;
  fps: number;
  /** Init and media segments, relative to outputDir: upload these before any playlist names them. */
  segmentFiles: string[];
  /** Variant playlists, then master.m3u8 last. */
  playlistFiles: string[];
}

/**
 * Encodes the whole ladder in one ffmpeg process (the source is decoded once and split), into
 * `outputDir/<rendition>/index.m3u8` + init + fMP4 segments, then writes `outputDir/master.m3u8`
 * from what the files really contain. On failure the partial output is left for the caller to
 * delete with the rest of its working directory.
 */
export async function transcodeHls(tools: MediaTools, options: TranscodeHlsOptions): Promise<TranscodeHlsResult> {
  const { input, outputDir, onProgress, signal } = options;
  const probe = options.probe ?? (await probeMedia(tools, input));
  const plan = planLadder(probe);

  // ffmpeg 4.1 (the npm build) rejects `name:` in -var_stream_map, so variants are written to
  // directories named by index and renamed once they are complete.
  await mkdir(outputDir, { recursive: true });
  await Promise.all(
    plan.renditions.flatMap((r, i) => [join(outputDir, String(i)), join(outputDir, r.name)]).map((dir) => rm(dir, { recursive: true, force: true })),
  );

  const progress = progressReporter(probe.durationSeconds, onProgress);
  await runTool({ command: tools.ffmpeg, args: ffmpegHlsArgs({ input, outputDir, probe, plan }), signal, onStdoutLine: progress.line });

  const renditions: Rendition[] = [];
  const segmentFiles: string[] = [];
  let durationSeconds = 0;
  for (const [i, r] of plan.renditions.entries()) {
    await rename(join(outputDir, String(i)), join(outputDir, r.name));
    const playlist = `${r.name}/${VARIANT_PLAYLIST}`;
    const measured = await measureVariant(join(outputDir, playlist));
    durationSeconds = measured.playlist.segments.reduce((sum, s) => sum + s.duration, 0);
    const { initSegment, segments } = measured.playlist;
    segmentFiles.push(...[initSegment!, ...segments.map((s) => s.uri)].map((uri) => `${r.name}/${uri}`));
    renditions.push({
      name: r.name,
      width: r.width,
      height: r.height,
      bandwidth: measured.bandwidth,
      averageBandwidth: measured.averageBandwidth,
      codecs: `${measured.videoCodec},${AAC_LC_CODEC}`,
      playlist,
    });
  }
  renditions.reverse();
  await writeFile(join(outputDir, MASTER_PLAYLIST), masterPlaylist(renditions, plan.fps));
  progress.done();
  return {
    renditions,
    durationSeconds: Math.round(durationSeconds * 1000) / 1000,
    fps: plan.fps,
    segmentFiles,
    playlistFiles: [...renditions.map((r) => r.playlist), MASTER_PLAYLIST],
  };
}

/**
 * The ffmpeg arguments for the whole ladder (exported so the command can be logged and reviewed).
 * Every rendition gets AAC stereo: from the source, or generated silence when it has none. Every
 * package then has the same two tracks and CODECS shape, so the player never meets a title whose
 * audio buffer no segment feeds, and switching titles never changes its media pipeline. Silence is
 * nearly free: ffmpeg's AAC encoder spent 2.3 kbit/s on it here, not 128.
 */
export function ffmpegHlsArgs(options: { input: string; outputDir: string; probe: MediaProbe; plan: LadderPlan }): string[] {
  const { input, outputDir, probe, plan } = options;
  const count = plan.renditions.length;
  const audioInput = probe.hasAudio ? '0:a:0' : '1:a:0';
  const silence = probe.hasAudio
    ? []
    : ['-f', 'lavfi', '-t', String(probe.durationSeconds), '-i', 'anullsrc=channel_layout=stereo:sample_rate=48000'];
  const resample = plan.fps < probe.fps ? `fps=${plan.fps},` : '';
  const graph = [
    `[0:v:0]${resample}format=yuv420p,split=${count}${plan.renditions.map((_, i) => `[s${i}]`).join('')}`,
    ...plan.renditions.map((r, i) => `[s${i}]scale=${r.width}:${r.height},setsar=1[v${i}]`),
  ].join(';');

  return [
    ...['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', '-i', input, ...silence],
    ...['-filter_complex', graph],
    ...plan.renditions.flatMap((_, i) => ['-map', `[v${i}]`, '-map', audioInput]),
    ...['-c:v', 'libx264', '-preset', X264_PRESET, '-profile:v', 'high', '-crf', String(X264_CRF)],
    // Closed GOPs with a keyframe every 2 s in every rendition, never at scene cuts, so segment
    // boundaries line up across the ladder and a player can switch at any of them.
    ...['-flags', '+cgop', '-sc_threshold', '0', '-g', String(plan.gopFrames), '-keyint_min', String(plan.gopFrames)],
    ...['-force_key_frames', `expr:gte(t,n_forced*${KEYFRAME_INTERVAL_SECONDS})`],
    ...plan.renditions.flatMap((r, i) => [
      ...[`-maxrate:v:${i}`, `${r.maxrateKbps}k`, `-bufsize:v:${i}`, `${r.bufsizeKbps}k`, `-level:v:${i}`, r.level.name],
    ]),
    ...['-c:a', 'aac', '-b:a', '128k', '-ac', '2', '-ar', '48000'],
    // ffmpeg 4.1 gives up with "Too many packets buffered" when x264's lookahead holds video back
    // while audio piles up for several outputs; a deeper queue costs only memory.
    ...['-max_muxing_queue_size', '4096'],
    ...['-f', 'hls', '-hls_time', String(SEGMENT_SECONDS), '-hls_playlist_type', 'vod'],
    ...['-hls_segment_type', 'fmp4', '-hls_fmp4_init_filename', 'init.mp4', '-hls_flags', 'independent_segments'],
    ...['-hls_segment_filename', join(outputDir, '%v', 'segment-%05d.m4s')],
    ...['-var_stream_map', plan.renditions.map((_, i) => `v:${i},a:${i}`).join(' ')],
    ...['-progress', 'pipe:1', '-nostats'],
    join(outputDir, '%v', VARIANT_PLAYLIST),
  ];
}

function progressReporter(durationSeconds: number, onProgress?: (percent: number) => void) {
  let last = -1;
  const report = (percent: number) => {
    if (!onProgress || percent <= last) return;
    last = percent;
    onProgress(percent);
  };
  return {
    line(line: string) {
      // `out_time_ms` is in microseconds despite its name (newer builds add `out_time_us`, same value).
      const match = /^out_time_(?:ms|us)=(\d+)$/.exec(line);
      if (!match || durationSeconds <= 0) return;
      // 100 is kept for the end: measuring and the master playlist still follow ffmpeg's last frame.
      report(Math.min(99, Math.floor((Number(match[1]) / 1e6 / durationSeconds) * 100)));
    },
    done: () => report(100),
  };
}
