/** One seek-preview tile: the part of a sprite image shown for a stretch of the video. */
export interface ThumbnailCue {
  start: number;
  end: number;
  /** Absolute URL of the sprite. */
  image: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

const TIMING = /^\s*((?:\d+:)?\d{1,2}:\d{2}(?:\.\d{1,3})?)\s+-->\s+((?:\d+:)?\d{1,2}:\d{2}(?:\.\d{1,3})?)/;
const XYWH = /#xywh=(\d+),(\d+),(\d+),(\d+)\s*$/;

/**
 * Reads a WebVTT thumbnails track (`sprite.jpg#xywh=x,y,w,h` cues, the form JW Player and
 * Video.js popularised). Image references are relative to the track's own URL, which for signed
 * media carries the signature in its path. Cues without a fragment or with bad timings are skipped.
 */
export function parseThumbnailsVtt(text: string, trackUrl: string): ThumbnailCue[] {
  const base = new URL(trackUrl, globalThis.location?.href ?? 'http://localhost/');
  const cues: ThumbnailCue[] = [];
  const blocks = text.replace(/\r\n?/g, '\n').split(/\n{2,}/);
  for (const block of blocks) {
    const lines = block.split('\n').filter((line) => line.trim() !== '');
    const timingIndex = lines.findIndex((line) => TIMING.test(line));
    if (timingIndex < 0) continue;
    const timing = TIMING.exec(lines[timingIndex]!)!;
    const reference = lines[timingIndex + 1]?.trim();
    const fragment = reference ? XYWH.exec(reference) : null;
    if (!reference || !fragment) continue;
    const [, x, y, width, height] = fragment.map(Number) as [number, number, number, number, number];
    cues.push({
      start: vttSeconds(timing[1]!),
      end: vttSeconds(timing[2]!),
      image: new URL(reference.slice(0, reference.indexOf('#')), base).href,
      x,
      y,
      width,
      height,
    });
  }
  return cues;
}

/** The cue covering a moment, or the last one when the moment is past the final cue's end. */
export function thumbnailAt(cues: readonly ThumbnailCue[], seconds: number): ThumbnailCue | null {
  if (cues.length === 0) return null;
  const found = cues.find((cue) => seconds >= cue.start && seconds < cue.end);
  if (found) return found;
  const last = cues[cues.length - 1]!;
  return seconds >= last.end ? last : null;
}

/** "HH:MM:SS.mmm" or "MM:SS.mmm" to seconds. */
function vttSeconds(stamp: string): number {
  return stamp.split(':').reduce((total, part) => total * 60 + Number(part), 0);
}
