/**
 * Checks an uploaded subtitle file and rewrites it in a safe, plain form. Browsers render WebVTT
 * cue text as text, but players and tools that turn cues into HTML exist: so only the WebVTT cue
 * tags survive, and STYLE blocks (CSS that may fetch URLs) and NOTE blocks are dropped.
 */

export class NotWebVttError extends Error {}

export interface CheckedWebVtt {
  /** The file as it is stored: UTF-8, LF line ends, the signature, then the cues. */
  text: string;
  cues: number;
}

const TIMESTAMP = /^(?:(\d{2,}):)?([0-5]\d):([0-5]\d)\.(\d{3})$/;
const TIMING = /^(\S+)[ \t]+-->[ \t]+(\S+)(?:[ \t]+(.*))?$/;
/** Cue text tags of the WebVTT spec (class, italic, bold, underline, ruby, voice, language) and timestamps. */
const ALLOWED_TAG = /^<(?:\/?(?:c|i|b|u|ruby|rt)(?:\.[\w-]+)*|(?:v|lang)(?:\.[\w-]+)*[ \t][^<>]*|\/(?:v|lang)|(?:\d{2,}:)?[0-5]\d:[0-5]\d\.\d{3})>$/;
/** Cue settings: vertical, line, position, size, align, region; values without markup. */
const SETTING = /^(?:vertical|line|position|size|align|region):[\w.%,:-]+$/;

export function checkWebVtt(bytes: Buffer): CheckedWebVtt {
  const text = decodeUtf8(bytes).replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  if (/(?![\t\n])\p{Cc}/u.test(text)) throw new NotWebVttError('The file holds control characters: it is not a WebVTT text file');
  const lines = text.split('\n');
  if (!/^WEBVTT(?:[ \t].*)?$/.test(lines[0] ?? '')) throw new NotWebVttError('Not a WebVTT file: the first line must be WEBVTT');
  const blocks = blocksOf(lines);
  const out: string[] = [];
  for (const block of blocks.slice(1)) {
    const first = block.lines[0]!;
    if (/^(?:NOTE|STYLE|REGION)(?:[ \t]|$)/.test(first)) continue;
    out.push(cueOf(block));
  }
  if (out.length === 0) throw new NotWebVttError('The WebVTT file has no cues');
  return { text: `WEBVTT\n\n${out.join('\n\n')}\n`, cues: out.length };
}

/** Seconds of a WebVTT timestamp ("01:02.500", "1:01:02.500"), or undefined when malformed. */
export function timestampSeconds(value: string): number | undefined {
  const match = TIMESTAMP.exec(value);
  if (!match) return undefined;
  const [, hours = '0', minutes, seconds, millis] = match;
  return Number(hours) * 3600 + Number(minutes) * 60 + Number(seconds) + Number(millis) / 1000;
}

interface Block {
  lines: string[];
  /** 1-based line number of its first line, for the refusal message. */
  line: number;
}

function blocksOf(lines: string[]): Block[] {
  const blocks: Block[] = [];
  let current: Block | null = null;
  lines.forEach((line, i) => {
    if (line.trim() === '') current = null;
    else if (current) current.lines.push(line);
    else blocks.push((current = { lines: [line], line: i + 1 }));
  });
  return blocks;
}

function cueOf(block: Block): string {
  const [first, ...rest] = block.lines;
  const hasId = !first!.includes('-->');
  const timingLine = hasId ? rest.shift() : first;
  const at = block.line + (hasId ? 1 : 0);
  const timing = TIMING.exec(timingLine ?? '');
  if (!timing) throw new NotWebVttError(`Line ${block.line}: expected cue timings like "00:01.000 --> 00:04.000", found "${first!.slice(0, 60)}"`);
  const [, startText, endText, settings = ''] = timing;
  const start = timestampSeconds(startText!);
  const end = timestampSeconds(endText!);
  if (start === undefined || end === undefined) throw new NotWebVttError(`Line ${at}: "${timingLine}" is not a valid cue timing (mm:ss.ttt or hh:mm:ss.ttt)`);
  if (end <= start) throw new NotWebVttError(`Line ${at}: the cue ends (${endText}) before it starts (${startText})`);
  if (rest.some((line) => line.includes('-->'))) throw new NotWebVttError(`Line ${at}: a cue's text must not contain "-->" (a blank line is missing?)`);
  const kept = settings.split(/[ \t]+/).filter((s) => SETTING.test(s));
  const id = hasId ? [first!.replace(/[<>&]/g, '')] : [];
  return [...id, [startText, '-->', endText, ...kept].join(' '), ...rest.map(cleanCueText)].join('\n');
}

/** Keeps the spec's cue tags and escapes every other angle bracket, so no markup reaches a renderer. */
function cleanCueText(line: string): string {
  return line.replace(/<[/\w][^<>]*>|[<>]/g, (piece) => (piece.length > 1 && ALLOWED_TAG.test(piece) ? piece : piece.length > 1 ? '' : piece === '<' ? '&lt;' : '&gt;'));
}

function decodeUtf8(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new NotWebVttError('The file is not UTF-8 text: save it as UTF-8 WebVTT');
  }
}
