/**
 * Text layout for SVG artwork. librsvg neither wraps text nor reports its width, so titles are
 * measured with advance widths of DejaVu Sans Bold (measured on this machine with sharp) and
 * broken into balanced lines before rendering.
 */

export type Face = 'sans' | 'serif';

export const fontFamily: Record<Face, string> = {
  sans: 'DejaVu Sans, sans-serif',
  serif: 'DejaVu Serif, serif',
};

// Advance widths in em of DejaVu Sans Bold capitals; DejaVu Serif Bold runs about 7% wider.
const capitalWidths: Record<string, number> = {
  A: 0.77, B: 0.76, C: 0.73, D: 0.83, E: 0.68, F: 0.68, G: 0.82, H: 0.84, I: 0.37, J: 0.37,
  K: 0.78, L: 0.64, M: 1.0, N: 0.84, O: 0.85, P: 0.73, Q: 0.85, R: 0.77, S: 0.68, T: 0.7,
  U: 0.81, V: 0.77, W: 1.1, X: 0.77, Y: 0.72, Z: 0.73, ' ': 0.35, '.': 0.38, ',': 0.38,
  ':': 0.4, "'": 0.31, '-': 0.42, '&': 0.87, '!': 0.46, '?': 0.58,
};
const serifFactor = 1.07;
// Regular weight runs about 12% narrower than bold in both faces.
const regularFactor = 0.88;

export function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Approximate rendered width, in em, of a bold string. */
export function textWidthEm(text: string, options: { face: Face; letterSpacingEm?: number }): number {
  let width = 0;
  for (const char of text) {
    const base = char.normalize('NFKD').charAt(0);
    const known = capitalWidths[base];
    width += known ?? (/[0-9]/.test(base) ? 0.7 : base === base.toLowerCase() ? 0.64 : 0.76);
  }
  const spacing = (options.letterSpacingEm ?? 0) * Math.max(0, [...text].length - 1);
  return width * (options.face === 'serif' ? serifFactor : 1) + spacing;
}

export interface FittedText {
  lines: string[];
  fontSize: number;
  lineHeight: number;
}

/**
 * Breaks `text` into at most `maxLines` lines and picks the largest font size at which the widest
 * line fits `maxWidth` and the block fits `maxHeight`. Every way of breaking between words is tried
 * (titles have few words), so 'THE LIGHTHOUSE / AT MAREN POINT' wins over a ragged split.
 */
export function fitText(options: {
  text: string;
  face: Face;
  maxWidth: number;
  maxHeight: number;
  maxFontSize: number;
  maxLines: number;
  letterSpacingEm?: number;
  lineHeightEm?: number;
}): FittedText {
  const words = options.text.split(/\s+/).filter(Boolean);
  const lineHeightEm = options.lineHeightEm ?? 1.05;
  let best = { lines: [options.text], fontSize: 0, score: 0 };
  for (const lines of splits(words, options.maxLines)) {
    const widest = Math.max(...lines.map((line) => textWidthEm(line, options)));
    const fontSize = Math.min(
      options.maxFontSize,
      options.maxWidth / widest,
      options.maxHeight / (lines.length * lineHeightEm),
    );
    // A slight preference for fewer lines: a second line must buy a visibly bigger title.
    const score = fontSize * (1 - 0.08 * (lines.length - 1));
    if (score > best.score) best = { lines, fontSize, score };
  }
  const fontSize = Math.floor(best.fontSize);
  return { lines: best.lines, fontSize, lineHeight: Math.round(fontSize * lineHeightEm) };
}

/** Greedy word wrap for small regular-weight text (taglines, episode names), widths in em. */
export function wrapWords(options: { text: string; maxWidthEm: number; maxLines: number; face: Face }): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of options.text.split(/\s+/).filter(Boolean)) {
    const candidate = current ? `${current} ${word}` : word;
    if (current && textWidthEm(candidate, { face: options.face }) * regularFactor > options.maxWidthEm) {
      lines.push(current);
      current = word;
    } else {
      current = candidate;
    }
  }
  if (current) lines.push(current);
  if (lines.length <= options.maxLines) return lines;
  const kept = lines.slice(0, options.maxLines);
  kept[kept.length - 1] = `${kept[kept.length - 1]}…`;
  return kept;
}

/** Every way to cut `words` into 1..maxLines consecutive, non-empty lines. */
function splits(words: string[], maxLines: number): string[][] {
  if (words.length === 0) return [['']];
  const results: string[][] = [];
  const walk = (start: number, lines: string[]): void => {
    if (start === words.length) {
      results.push(lines);
      return;
    }
    if (lines.length === maxLines) return;
    for (let end = start + 1; end <= words.length; end++) {
      walk(end, [...lines, words.slice(start, end).join(' ')]);
    }
  };
  walk(0, []);
  return results;
}
