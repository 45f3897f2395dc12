import type { MediaTools } from './ffmpeg-binaries';
import { languageTag } from './languages';
import { MediaToolError, runTool } from './run-tool';

export interface MediaProbe {
  /** Seconds, with millisecond precision (the database column rounds it). */
  durationSeconds: number;
  /** Display size: sample aspect ratio and rotation applied, as a player would show it. */
  width: number;
  height: number;
  fps: number;
  hasAudio: boolean;
  videoCodec: string;
  /** Every audio stream, in order (`-map 0:a:N`): several make alternate audio renditions. */
  audioStreams: ProbedTrack[];
  /** Text subtitle streams (`-map 0:s:N`), which the packager turns into WebVTT. */
  subtitleStreams: ProbedTrack[];
}

export interface ProbedTrack {
  /** BCP 47 primary language ("en", from the container's "eng"), or "und" when untagged. */
  language: string;
  /** The stream's own title tag, e.g. "Director's commentary". */
  title: string | undefined;
  isDefault: boolean;
}

/** The input is not something we can turn into a video: the message says why, for the uploader. */
export class NotAVideoError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NotAVideoError';
  }
}

export async function probeMedia(tools: MediaTools, file: string): Promise<MediaProbe> {
  let stdout: Buffer;
  try {
    const args = ['-v', 'error', '-print_format', 'json', '-show_streams', '-show_format', file];
    ({ stdout } = await runTool({ command: tools.ffprobe, args }));
  } catch (error) {
    if (error instanceof MediaToolError && error.exitCode !== null) {
      // ffprobe prefixes the reason with the path, which is ours and no business of the uploader.
      const reason = firstLine(error.stderrTail).replace(`${file}: `, '');
      throw new NotAVideoError(`Not a video file we can read (${reason})`);
    }
    throw error;
  }
  return interpretProbe(JSON.parse(stdout.toString('utf8')) as FfprobeOutput);
}

interface FfprobeStream {
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  avg_frame_rate?: string;
  r_frame_rate?: string;
  sample_aspect_ratio?: string;
  duration?: string;
  disposition?: { attached_pic?: number; default?: number };
  tags?: { rotate?: string; language?: string; title?: string };
  side_data_list?: { rotation?: number | string }[];
}

interface FfprobeOutput {
  streams?: FfprobeStream[];
  format?: { duration?: string; format_name?: string };
}

function interpretProbe(output: FfprobeOutput): MediaProbe {
  const streams = output.streams ?? [];
  // Cover art in an audio file is a "video" stream too; it is marked as an attached picture.
  const video = streams.find((s) => s.codec_type === 'video' && s.disposition?.attached_pic !== 1);
  if (!video?.width || !video.height) throw new NotAVideoError('The file has no video stream');
  const formatName = output.format?.format_name ?? '';
  if (/(^|,)(image2|\w+_pipe)(,|$)/.test(formatName)) throw new NotAVideoError('The file is a still image, not a video');
  const durationSeconds = Number(output.format?.duration ?? video.duration);
  if (!(durationSeconds > 0)) throw new NotAVideoError('The file has no duration: it is not a playable video');

  const sar = parseRatio(video.sample_aspect_ratio) || 1;
  let width = evenRound(video.width * sar);
  let height = video.height;
  if (Math.abs(rotationOf(video)) % 180 === 90) [width, height] = [height, width];

  return {
    durationSeconds: Math.round(durationSeconds * 1000) / 1000,
    width,
    height,
    fps: parseRatio(video.avg_frame_rate) || parseRatio(video.r_frame_rate) || 30,
    hasAudio: streams.some((s) => s.codec_type === 'audio'),
    videoCodec: video.codec_name ?? 'unknown',
    audioStreams: streams.filter((s) => s.codec_type === 'audio').map(trackOf),
    // Picture-based subtitles (DVD, Blu-ray) cannot become WebVTT text; only these can.
    subtitleStreams: streams.filter((s) => s.codec_type === 'subtitle' && TEXT_SUBTITLES.has(s.codec_name ?? '')).map(trackOf),
  };
}

const TEXT_SUBTITLES = new Set(['mov_text', 'subrip', 'srt', 'webvtt', 'ass', 'ssa', 'text']);

function trackOf(stream: FfprobeStream): ProbedTrack {
  return {
    language: languageTag(stream.tags?.language),
    title: stream.tags?.title?.trim() || undefined,
    isDefault: stream.disposition?.default === 1,
  };
}

/** Phones record portrait video as landscape frames plus a rotation (display matrix, or an old tag). */
function rotationOf(stream: FfprobeStream): number {
  const fromSideData = stream.side_data_list?.find((d) => d.rotation !== undefined)?.rotation;
  return Number(fromSideData ?? stream.tags?.rotate ?? 0) || 0;
}

function parseRatio(value: string | undefined): number {
  const [num, den] = (value ?? '').split(/[/:]/).map(Number);
  if (!num || !den) return 0;
  return num / den;
}

function evenRound(value: number): number {
  return Math.max(2, Math.round(value / 2) * 2);
}

function firstLine(text: string): string {
  return text.split('\n').find((line) => line.trim())?.trim() ?? 'no details';
}
