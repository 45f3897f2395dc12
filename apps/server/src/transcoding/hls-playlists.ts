import { readFile, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Rendition } from '../db/schema/media.table';

/** AAC-LC, which ffmpeg's native `aac` encoder always produces (checked with ffprobe in the tests). */
export const AAC_LC_CODEC = 'mp4a.40.2';

export interface VariantPlaylist {
  targetDuration: number;
  /** The EXT-X-MAP URI (fMP4 init segment), relative to the playlist. */
  initSegment: string | undefined;
  segments: { uri: string; duration: number }[];
}

export function parseVariantPlaylist(text: string): VariantPlaylist {
  const playlist: VariantPlaylist = { targetDuration: 0, initSegment: undefined, segments: [] };
  let duration: number | undefined;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('#EXT-X-TARGETDURATION:')) playlist.targetDuration = Number(line.split(':')[1]);
    else if (line.startsWith('#EXT-X-MAP:')) playlist.initSegment = /URI="([^"]+)"/.exec(line)?.[1];
    else if (line.startsWith('#EXTINF:')) duration = Number.parseFloat(line.slice('#EXTINF:'.length));
    else if (line && !line.startsWith('#') && duration !== undefined) {
      playlist.segments.push({ uri: line, duration });
      duration = undefined;
    }
  }
  return playlist;
}

export interface MeasuredVariant {
  playlist: VariantPlaylist;
  bandwidth: number;
  averageBandwidth: number;
  /** Bytes of init segment + media segments. */
  totalBytes: number;
  /** The fMP4 init segment, whose sample description names the codec. */
  init: Buffer;
}

/** Measures what a media playlist's files really hold, for the master playlist's attributes. */
export async function measureVariant(playlistPath: string): Promise<MeasuredVariant> {
  const dir = dirname(playlistPath);
  const playlist = parseVariantPlaylist(await readFile(playlistPath, 'utf8'));
  if (!playlist.initSegment) throw new Error(`${playlistPath} has no EXT-X-MAP: not an fMP4 playlist`);
  const init = await readFile(join(dir, playlist.initSegment));
  const sizes = await Promise.all(playlist.segments.map(async (s) => (await stat(join(dir, s.uri))).size));
  const segments = playlist.segments.map((s, i) => ({ bytes: sizes[i] ?? 0, duration: s.duration }));
  const totalSegmentBytes = sizes.reduce((a, b) => a + b, 0);
  const totalDuration = playlist.segments.reduce((a, s) => a + s.duration, 0);
  return {
    playlist,
    bandwidth: peakSegmentBitRate(segments, playlist.targetDuration),
    averageBandwidth: Math.ceil((totalSegmentBytes * 8) / totalDuration),
    totalBytes: init.length + totalSegmentBytes,
    init,
  };
}

/**
 * The peak segment bit rate as RFC 8216bis defines it: the highest bit rate of any run of
 * consecutive segments lasting 0.5–1.5 × the target duration. With 4 s segments that is the
 * largest single segment, except that a short last segment (a second with a keyframe in it) is
 * judged together with its neighbour instead of alone, which would overstate the peak several-fold
 * and push players to a lower rendition than they can afford.
 */
export function peakSegmentBitRate(segments: { bytes: number; duration: number }[], targetDuration: number): number {
  let peak = 0;
  for (let start = 0; start < segments.length; start++) {
    let bytes = 0;
    let duration = 0;
    for (let end = start; end < segments.length; end++) {
      bytes += segments[end]!.bytes;
      duration += segments[end]!.duration;
      if (duration > targetDuration * 1.5) break;
      if (duration >= targetDuration * 0.5) peak = Math.max(peak, (bytes * 8) / duration);
    }
  }
  if (peak === 0) {
    // A clip shorter than half a segment has no qualifying run: its whole length is the peak.
    const bytes = segments.reduce((a, s) => a + s.bytes, 0);
    const duration = segments.reduce((a, s) => a + s.duration, 0);
    peak = duration > 0 ? (bytes * 8) / duration : 0;
  }
  return Math.ceil(peak);
}

/**
 * Makes BANDWIDTH and AVERAGE-BANDWIDTH grow with the picture size. Simple pictures (a trailer's
 * title card, a still scene) can cost a larger rendition fewer bits than a smaller one, and
 * measured honestly a 720p rung then advertises less than the 540p one (145 vs 156 kbit/s): players
 * order renditions by BANDWIDTH, so they would start on (and climb to) the smaller picture at the
 * same cost. A rung therefore claims at least one bit per second more than the rung below it;
 * advertising more than the measured peak stays within the spec (BANDWIDTH is an upper bound).
 */
export function bandwidthsBySize<R extends { width: number; height: number; bandwidth: number; averageBandwidth: number }>(renditions: R[]): R[] {
  const bySize = [...renditions].sort((a, b) => a.width * a.height - b.width * b.height);
  let below: { bandwidth: number; averageBandwidth: number } = { bandwidth: 0, averageBandwidth: 0 };
  const raised = new Map<R, R>();
  for (const r of bySize) {
    const next = {
      ...r,
      bandwidth: Math.max(r.bandwidth, below.bandwidth + 1),
      averageBandwidth: Math.max(r.averageBandwidth, below.averageBandwidth + 1),
    };
    raised.set(r, next);
    below = next;
  }
  return renditions.map((r) => raised.get(r)!);
}

/**
 * "avc1.PPCCLL" from the AVCDecoderConfigurationRecord: profile, constraint flags and level bytes
 * exactly as the encoder wrote them, so CODECS cannot disagree with the stream.
 */
export function readAvc1CodecString(initSegment: Buffer): string {
  const at = initSegment.indexOf('avcC');
  // Box type, then configurationVersion (1), then the three bytes we want.
  if (at < 0 || at + 8 > initSegment.length || initSegment[at + 4] !== 1) {
    throw new Error('The init segment has no avcC box: the video is not H.264');
  }
  return `avc1.${initSegment.subarray(at + 5, at + 8).toString('hex')}`;
}

/** An alternate audio rendition (EXT-X-MEDIA TYPE=AUDIO), one per language of a multi-language source. */
export interface AudioRendition {
  language: string;
  name: string;
  isDefault: boolean;
  /** Relative to the master playlist. */
  playlist: string;
}

/** A WebVTT subtitle rendition (EXT-X-MEDIA TYPE=SUBTITLES). */
export interface SubtitleRendition {
  language: string;
  name: string;
  playlist: string;
}

export const AUDIO_GROUP = 'audio';
export const SUBTITLE_GROUP = 'subs';

export interface MasterPlaylistInput {
  /** Their BANDWIDTH and CODECS already include the audio they are played with. */
  renditions: Rendition[];
  fps: number;
  /** Empty: each rendition carries its own (single) audio track. */
  audio?: AudioRendition[];
  subtitles?: SubtitleRendition[];
}

/**
 * The multivariant playlist, lowest rendition first: players that start on the first entry
 * (Safari, iOS, Chrome's native HLS) then show a first frame soonest and climb after measuring the
 * network; hls.js measures on the lowest level anyway, so order costs it nothing. Alternate audio
 * and subtitle renditions form one group each that every video rendition names, so switching
 * quality never changes the language (RFC 8216 §4.3.4.1.1).
 */
export function masterPlaylist(input: MasterPlaylistInput): string {
  const { renditions, fps, audio = [], subtitles = [] } = input;
  const lines = ['#EXTM3U', '#EXT-X-VERSION:7', '#EXT-X-INDEPENDENT-SEGMENTS'];
  for (const a of audio) {
    lines.push(
      `#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="${AUDIO_GROUP}",LANGUAGE="${a.language}",NAME="${quoted(a.name)}",` +
        `DEFAULT=${a.isDefault ? 'YES' : 'NO'},AUTOSELECT=YES,CHANNELS="2",URI="${a.playlist}"`,
    );
  }
  lines.push(...subtitles.map(subtitleMedia));
  const groups = `${audio.length > 0 ? `,AUDIO="${AUDIO_GROUP}"` : ''}${subtitles.length > 0 ? `,SUBTITLES="${SUBTITLE_GROUP}"` : ''}`;
  for (const r of [...renditions].sort((a, b) => a.width * a.height - b.width * b.height)) {
    lines.push(
      `#EXT-X-STREAM-INF:BANDWIDTH=${r.bandwidth},AVERAGE-BANDWIDTH=${r.averageBandwidth},` +
        `RESOLUTION=${r.width}x${r.height},CODECS="${r.codecs}",FRAME-RATE=${fps.toFixed(3)}${groups}`,
      r.playlist,
    );
  }
  return `${lines.join('\n')}\n`;
}

/** The EXT-X-MEDIA line offering one WebVTT rendition in the subtitles group. */
export function subtitleMedia(s: SubtitleRendition): string {
  return (
    `#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="${SUBTITLE_GROUP}",LANGUAGE="${s.language}",NAME="${quoted(s.name)}",` +
    `DEFAULT=NO,AUTOSELECT=YES,FORCED=NO,URI="${s.playlist}"`
  );
}

/** A media playlist of one WebVTT file lasting the whole title: players fetch it once. */
export function wholeFilePlaylist(input: { uri: string; durationSeconds: number }): string {
  return [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    `#EXT-X-TARGETDURATION:${Math.max(1, Math.ceil(input.durationSeconds))}`,
    '#EXT-X-MEDIA-SEQUENCE:0',
    '#EXT-X-PLAYLIST-TYPE:VOD',
    `#EXTINF:${input.durationSeconds.toFixed(3)},`,
    input.uri,
    '#EXT-X-ENDLIST',
    '',
  ].join('\n');
}

/** Quoted-string attribute values may hold neither a double quote nor a line break. */
function quoted(value: string): string {
  return value.replace(/["\r\n]/g, "'");
}
