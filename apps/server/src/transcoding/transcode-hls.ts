import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Rendition } from '../db/schema/media.table';
import type { MediaTools } from './ffmpeg-binaries';
import { KEYFRAME_INTERVAL_SECONDS, planLadder, type LadderPlan } from './hls-ladder';
import { AAC_LC_CODEC, bandwidthsBySize, masterPlaylist, measureVariant, readAvc1CodecString, type AudioRendition, type MeasuredVariant } from './hls-playlists';
import { regroupVariantSegments } from './hls-segments';
import { packageSubtitles, trackLabel, trackNames } from './hls-subtitles';
import { probeMedia, type MediaProbe } from './probe';
import { runTool } from './run-tool';

/**
 * Published segments last this long, except the first of each playlist, which lasts one keyframe
 * interval (2 s): a player starting a title fetches half as many bytes before its first frame.
 */
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
  /** One per audio stream of a source with several; empty when each rendition carries its audio. */
  audio: AudioRendition[];
  /** The source's text subtitles, as WebVTT renditions. */
  subtitles: { language: string; name: string; vttFile: string }[];
  durationSeconds: number;
  fps: number;
  /** Init and media segments, relative to outputDir: upload these before any playlist names them. */
  segmentFiles: string[];
  /** Variant playlists, then master.m3u8 last. */
  playlistFiles: string[];
}

/**
 * Encodes the whole ladder in one ffmpeg process (the source is decoded once and split), into
 * `outputDir/<rendition>/index.m3u8` + init + fMP4 segments (and `audio-<language>/` for each
 * audio stream of a multi-language source), extracts text subtitles to `subtitles/`, then writes
 * `outputDir/master.m3u8` from what the files really contain. On failure the partial output is left for the caller to
 * delete with the rest of its working directory.
 */
export async function transcodeHls(tools: MediaTools, options: TranscodeHlsOptions): Promise<TranscodeHlsResult> {
  const { input, outputDir, onProgress, signal } = options;
  const probe = options.probe ?? (await probeMedia(tools, input));
  const plan = planLadder(probe);

  const audio = alternateAudio(probe);
  const dirs = [...plan.renditions.map((r) => r.name), ...audio.map((a) => a.dir)];
  await mkdir(outputDir, { recursive: true });
  for (const dir of dirs) {
    await rm(join(outputDir, dir), { recursive: true, force: true });
    await mkdir(join(outputDir, dir));
  }

  const progress = progressReporter(probe.durationSeconds, onProgress);
  await runTool({ command: tools.ffmpeg, args: ffmpegHlsArgs({ input, outputDir, probe, plan }), signal, onStdoutLine: progress.line });

  const segmentFiles: string[] = [];
  const measure = async (index: number) => {
    const dir = dirs[index]!;
    const playlist = `${dir}/${VARIANT_PLAYLIST}`;
    await regroupVariantSegments({ playlistPath: join(outputDir, playlist), targetSeconds: SEGMENT_SECONDS });
    const measured = await measureVariant(join(outputDir, playlist));
    const { initSegment, segments } = measured.playlist;
    segmentFiles.push(...[initSegment!, ...segments.map((s) => s.uri)].map((uri) => `${dir}/${uri}`));
    return { playlist, measured };
  };
  const video = [];
  for (const [i, r] of plan.renditions.entries()) video.push({ plan: r, ...(await measure(i)) });
  const audioTracks = [];
  for (const [i, a] of audio.entries()) audioTracks.push({ ...a, ...(await measure(plan.renditions.length + i)) });

  // With alternate audio, a rendition's BANDWIDTH must cover its video and the costliest audio.
  const audioPeak = Math.max(0, ...audioTracks.map((a) => a.measured.bandwidth));
  const audioAverage = Math.max(0, ...audioTracks.map((a) => a.measured.averageBandwidth));
  const renditions: Rendition[] = bandwidthsBySize(
    video.map(({ plan: r, playlist, measured }) => ({
      name: r.name,
      width: r.width,
      height: r.height,
      bandwidth: measured.bandwidth + audioPeak,
      averageBandwidth: measured.averageBandwidth + audioAverage,
      codecs: `${readAvc1CodecString(measured.init)},${AAC_LC_CODEC}`,
      playlist,
    })),
  ).reverse();
  const durationSeconds = Math.round(playlistSeconds(video[0]!.measured) * 1000) / 1000;
  const subtitles = await packageSubtitles(tools, { input, outputDir, streams: probe.subtitleStreams, durationSeconds, signal });
  const audioRenditions = audioTracks.map(({ language, name, isDefault, playlist }) => ({ language, name, isDefault, playlist }));
  await writeFile(
    join(outputDir, MASTER_PLAYLIST),
    masterPlaylist({ renditions, fps: plan.fps, audio: audioRenditions, subtitles: subtitles.renditions }),
  );
  progress.done();
  return {
    renditions,
    audio: audioRenditions,
    subtitles: subtitles.renditions.map((r, i) => ({ language: r.language, name: r.name, vttFile: subtitles.vttFiles[i]! })),
    durationSeconds,
    fps: plan.fps,
    segmentFiles: [...segmentFiles, ...subtitles.vttFiles],
    playlistFiles: [...renditions.map((r) => r.playlist), ...audioRenditions.map((a) => a.playlist), ...subtitles.playlistFiles, MASTER_PLAYLIST],
  };
}

const playlistSeconds = (measured: MeasuredVariant) => measured.playlist.segments.reduce((sum, s) => sum + s.duration, 0);

/**
 * A source with several audio streams (languages, commentary) keeps each as an alternate audio
 * rendition in `audio-<language>/`, shared by every video rendition; with one or none, each
 * rendition carries its audio muxed in, as before (one request per segment instead of two).
 */
export function alternateAudio(probe: MediaProbe) {
  if (probe.audioStreams.length < 2) return [];
  const names = trackNames(probe.audioStreams);
  const defaultIndex = Math.max(0, probe.audioStreams.findIndex((s) => s.isDefault));
  return probe.audioStreams.map((stream, i) => ({
    dir: `audio-${names[i]}`,
    language: stream.language,
    name: trackLabel(stream, i),
    isDefault: i === defaultIndex,
  }));
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
  const alternate = alternateAudio(probe);
  const silence = probe.hasAudio
    ? []
    : ['-f', 'lavfi', '-t', String(probe.durationSeconds), '-i', 'anullsrc=channel_layout=stereo:sample_rate=48000'];
  const resample = plan.fps < probe.fps ? `fps=${plan.fps},` : '';
  const graph = [
    `[0:v:0]${resample}format=yuv420p,split=${count}${plan.renditions.map((_, i) => `[s${i}]`).join('')}`,
    ...plan.renditions.map((r, i) => `[s${i}]scale=${r.width}:${r.height},setsar=1[v${i}]`),
  ].join(';');
  const aac = ['-c:a', 'aac', '-b:a', '128k', '-ac', '2', '-ar', '48000'];
  // Muxed: each rendition with its own AAC copy of the audio. Alternate: video-only renditions,
  // then one output per audio stream.
  const videoOutputs = plan.renditions.map((r, i) => [
    ...['-map', `[v${i}]`, ...(alternate.length ? [] : ['-map', audioInput, ...aac])],
    ...['-c:v', 'libx264', '-preset', X264_PRESET, '-profile:v', 'high', '-crf', String(X264_CRF), '-level:v', r.level.name],
    ...['-maxrate:v', `${r.maxrateKbps}k`, '-bufsize:v', `${r.bufsizeKbps}k`],
    // Closed GOPs with a keyframe every 2 s in every rendition, never at scene cuts, so segment
    // boundaries line up across the ladder and a player can switch at any of them.
    ...['-flags', '+cgop', '-sc_threshold', '0', '-g', String(plan.gopFrames), '-keyint_min', String(plan.gopFrames)],
    ...['-force_key_frames', `expr:gte(t,n_forced*${KEYFRAME_INTERVAL_SECONDS})`],
    ...hlsOutput(outputDir, r.name),
  ]);
  const audioOutputs = alternate.map((a, i) => ['-map', `0:a:${i}`, ...aac, ...hlsOutput(outputDir, a.dir)]);

  return [
    ...['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', '-i', input, ...silence],
    ...['-filter_complex', graph],
    ...['-progress', 'pipe:1', '-nostats'],
    ...videoOutputs.flat(),
    ...audioOutputs.flat(),
  ];
}

/**
 * One HLS output (a variant's directory): one segment per keyframe interval; regroupVariantSegments
 * then joins all but the first into SEGMENT_SECONDS. (ffmpeg's own -hls_init_time shortens every
 * segment of a VOD playlist, 5.1 included.) One output per variant, rather than one output with
 * -var_stream_map, writes each variant straight into its named directory; the master playlist is
 * ours, from what the files hold.
 */
function hlsOutput(outputDir: string, dir: string): string[] {
  return [
    ...['-f', 'hls', '-hls_time', String(KEYFRAME_INTERVAL_SECONDS), '-hls_playlist_type', 'vod'],
    ...['-hls_segment_type', 'fmp4', '-hls_fmp4_init_filename', 'init.mp4', '-hls_flags', 'independent_segments'],
    ...['-hls_segment_filename', join(outputDir, dir, 'segment-%05d.m4s')],
    join(outputDir, dir, VARIANT_PLAYLIST),
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
