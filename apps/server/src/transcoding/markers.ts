import type { SuggestedMarkers } from '../db/schema/media.table';
import type { MediaTools } from './ffmpeg-binaries';
import { runTool } from './run-tool';

export interface Interval {
  start: number;
  end: number;
}

/** A break shorter than this is a cut, not the gap between an intro or the credits and the story. */
const MIN_BREAK_SECONDS = 0.5;
/** An intro ends within the first 30% of a title, and within 5 minutes. */
const INTRO_WITHIN = { share: 0.3, seconds: 300 };
/** Credits start in the last quarter. */
const CREDITS_FROM_SHARE = 0.75;
/** A fade-in at the very start or a fade-out at the very end is not a break between parts. */
const EDGE_SECONDS = 1;

/**
 * Finds the black and silent stretches of a packaged video (ffmpeg's blackdetect and
 * silencedetect, in one decoding pass over the cheapest rendition) and suggests where the intro
 * ends and the credits start. `audio` is the audio playlist when the video carries none of its own.
 */
export async function detectMarkers(
  tools: MediaTools,
  options: { video: string; audio?: string; durationSeconds: number; signal?: AbortSignal },
): Promise<SuggestedMarkers> {
  const black: Interval[] = [];
  const silence: Interval[] = [];
  let silenceStart: number | undefined;
  const onStderrLine = (line: string) => {
    const blackMatch = /black_start:\s*([\d.]+)\s+black_end:\s*([\d.]+)/.exec(line);
    if (blackMatch) black.push({ start: Number(blackMatch[1]), end: Number(blackMatch[2]) });
    const started = /silence_start:\s*(-?[\d.]+)/.exec(line);
    if (started) silenceStart = Math.max(0, Number(started[1]));
    const ended = /silence_end:\s*([\d.]+)/.exec(line);
    if (ended && silenceStart !== undefined) {
      silence.push({ start: silenceStart, end: Number(ended[1]) });
      silenceStart = undefined;
    }
  };
  const audioInput = options.audio ? ['-i', options.audio] : [];
  const args = [
    ...['-hide_banner', '-nostdin', '-nostats', '-loglevel', 'info', '-i', options.video, ...audioInput],
    ...['-map', '0:v:0', '-map', `${options.audio ? 1 : 0}:a:0?`],
    ...['-vf', `blackdetect=d=${MIN_BREAK_SECONDS}:pix_th=0.10`, '-af', `silencedetect=noise=-50dB:d=${MIN_BREAK_SECONDS}`],
    ...['-f', 'null', '-'],
  ];
  await runTool({ command: tools.ffmpeg, args, signal: options.signal, onStderrLine });
  // A silence still running at the end is logged without its end.
  if (silenceStart !== undefined) silence.push({ start: silenceStart, end: options.durationSeconds });
  return suggestMarkers({ black, silence, durationSeconds: options.durationSeconds });
}

/**
 * Breaks are black stretches, preferably where the sound drops too (a dark scene keeps its
 * sound). The intro runs from the start to the end of the first break within its window; the
 * credits start where the last break of the final quarter ends.
 */
export function suggestMarkers(input: { black: Interval[]; silence: Interval[]; durationSeconds: number }): SuggestedMarkers {
  const { durationSeconds } = input;
  const black = input.black.filter((b) => b.end - b.start >= MIN_BREAK_SECONDS);
  const quiet = black.filter((b) => input.silence.some((s) => s.start < b.end && s.end > b.start));
  const breaks = (quiet.length > 0 ? quiet : black).filter((b) => b.start >= EDGE_SECONDS && b.end <= durationSeconds - EDGE_SECONDS);

  const introLimit = Math.min(durationSeconds * INTRO_WITHIN.share, INTRO_WITHIN.seconds);
  const intro = breaks.find((b) => b.start <= introLimit);
  const credits = breaks.filter((b) => b.start >= durationSeconds * CREDITS_FROM_SHARE).at(-1);
  return {
    introStart: intro ? 0 : null,
    introEnd: intro ? round(intro.end) : null,
    creditsStart: credits ? round(credits.end) : null,
  };
}

const round = (seconds: number) => Math.round(seconds * 1000) / 1000;
