import { KEYFRAME_INTERVAL_SECONDS } from '../../transcoding/hls-ladder';
import { SEGMENT_SECONDS } from '../../transcoding/transcode-hls';
import { ANONYMOUS_VIEWER } from './entitlement.service';

/**
 * Who a signed media link is for. It is written in the link's path (`/media/s/<expiry>/<holder>/…`)
 * and covered by its signature, so it cannot be changed:
 * - `anonymous`: a free title watched signed out; every file.
 * - `<session>.r<rating>`: a free title signed in; every file (a free title takes no stream).
 * - `<session>.p<seconds>.r<rating>`: a paid title's page, before Play: enough to show the first
 *   frame at that position (see `previewAllows`), never the title itself.
 * - `<session>.<player>.r<rating>`: a player holding a stream slot; every file while the slot lives.
 * `rating` is the age limit of the title the link was made for: one video may serve titles of
 * several ratings (the demo shares its clips), so the file cannot say which one is being watched,
 * and the profile the session watches as now must allow this one.
 */
export type LinkHolder =
  | { kind: 'anonymous' }
  | { kind: 'session'; sessionId: string; rating: number }
  | { kind: 'preview'; sessionId: string; from: number; rating: number }
  | { kind: 'player'; sessionId: string; playerId: string; rating: number };

export function encodeHolder(holder: LinkHolder): string {
  if (holder.kind === 'anonymous') return ANONYMOUS_VIEWER;
  const rating = `.r${Math.max(0, Math.floor(holder.rating))}`;
  switch (holder.kind) {
    case 'session':
      return `${holder.sessionId}${rating}`;
    case 'preview':
      return `${holder.sessionId}.p${Math.max(0, Math.floor(holder.from))}${rating}`;
    case 'player':
      return `${holder.sessionId}.${holder.playerId}${rating}`;
  }
}

/** The holder a (genuinely signed) link names, or null for one no version of the server writes now. */
export function decodeHolder(text: string): LinkHolder | null {
  if (text === ANONYMOUS_VIEWER) return { kind: 'anonymous' };
  const match = HOLDER.exec(text);
  if (!match) return null;
  const [, sessionId, from, playerId, rating] = match;
  const common = { sessionId: sessionId!, rating: Number(rating) };
  if (from !== undefined) return { kind: 'preview', ...common, from: Number(from) };
  if (playerId !== undefined) return { kind: 'player', ...common, playerId };
  return { kind: 'session', ...common };
}

/**
 * What a page's link fetches before Play: playlists, init segments, subtitles and the seek-preview
 * sprite (text and stills), and the media segments around the start position, which is what the
 * player buffers to show the first frame at once (docs/performance.md, "First frame"). Segment
 * `segment-N` starts at N keyframe intervals (ffmpeg cuts one per interval; packaging joins them
 * under the first one's name), so the window is read from the name: the segment holding `from`
 * and the next one when `from` is close to its end. Any other media file waits for Play.
 */
export function previewAllows(file: string, from: number): boolean {
  // ffmpeg names a ladder's init segments init_<variant>.mp4 (transcode-hls.ts), a single rendition's init.mp4.
  if (/\.(m3u8|vtt|jpg|webp)$/.test(file) || /(^|\/)init(_\d+)?\.mp4$/.test(file)) return true;
  const segment = /(?:^|\/)segment-?(\d+)\.m4s$/.exec(file);
  if (!segment) return false;
  const start = Number(segment[1]) * KEYFRAME_INTERVAL_SECONDS;
  return start > from - SEGMENT_SECONDS && start < from + KEYFRAME_INTERVAL_SECONDS;
}

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const HOLDER = new RegExp(`^(${UUID})(?:\\.p(\\d{1,7})|\\.(${UUID}))?\\.r(\\d{1,3})$`, 'i');
