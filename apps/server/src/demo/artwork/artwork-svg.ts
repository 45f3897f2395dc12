import { cosmos, enchanted, nightwoods, velocity } from './artwork-motifs-dark';
import { bokeh, confetti, horizon, playland, ridges } from './artwork-motifs-bright';
import { noir } from './artwork-motifs-noir';
import { seaside } from './artwork-motifs-sea';
import { paletteFor, portraitColours, type Mood, type Palette } from './artwork-palette';
import { round, type Motif } from './artwork-shapes';
import { escapeXml, fitText, fontFamily, textWidthEm, wrapWords, type Face } from './artwork-text';
import { seededRandom } from '../demo-random';

/** Everything the artwork of one title is drawn from. */
export interface TitleArt {
  /** Stable seed (the slug): same seed, same picture. */
  seed: string;
  name: string;
  mood: Mood;
  tagline: string;
  /** Small print along the top of a poster, e.g. the leading cast. */
  credits: string[];
  /** A short line such as '2023 · SCI-FI'. */
  caption: string;
}

export interface Size {
  width: number;
  height: number;
}

const motifs: Record<Mood, Motif> = {
  scifi: cosmos,
  horror: nightwoods,
  thriller: noir,
  action: velocity,
  drama: horizon,
  romance: bokeh,
  comedy: confetti,
  documentary: ridges,
  kids: playland,
  fantasy: enchanted,
  seaside,
};

// Serif capitals read as 'prestige' (drama, romance, fantasy, documentary); heavy sans as genre fare.
const faces: Record<Mood, Face> = {
  scifi: 'sans',
  horror: 'sans',
  thriller: 'sans',
  action: 'sans',
  drama: 'serif',
  romance: 'serif',
  comedy: 'sans',
  documentary: 'serif',
  kids: 'sans',
  fantasy: 'serif',
  seaside: 'serif',
};

/** An 11:16 one-sheet: credits on top, scene, title and tagline at the bottom. */
export function posterSvg(art: TitleArt, size: Size): string {
  const { width: w, height: h } = size;
  const palette = paletteFor({ seed: art.seed, mood: art.mood });
  const face = faces[art.mood];
  const title = fitText({ text: art.name.toUpperCase(), face, maxWidth: w * 0.86, maxHeight: h * 0.25, maxFontSize: w * 0.16, maxLines: 3, letterSpacingEm: 0.03 });
  const titleBottom = h * 0.83;
  const tagline = wrapWords({ text: art.tagline, maxWidthEm: (w * 0.8) / (w * 0.034), maxLines: 2, face: 'sans' });
  const credits = creditLine(art.credits, { maxWidth: w * 0.9, fontSize: w * 0.026 });
  return frame(size, palette, [
    scene(art, size, 0.5, palette),
    shade({ id: 'poster-fade', y1: 0.4, strength: 0.92, palette, size }),
    shade({ id: 'poster-top', y1: 0.16, strength: 0.6, palette, size, fromTop: true }),
    smallText({ text: credits, x: w / 2, y: h * 0.065, size: w * 0.026, fill: palette.muted, anchor: 'middle', spacing: 0.22 }),
    titleText({ lines: title.lines, fontSize: title.fontSize, lineHeight: title.lineHeight, x: w / 2, bottom: titleBottom, anchor: 'middle', face, palette }),
    ...tagline.map((line, i) => smallText({ text: line, x: w / 2, y: titleBottom + h * 0.055 + i * w * 0.045, size: w * 0.034, fill: palette.text, anchor: 'middle', italic: true })),
    smallText({ text: art.caption.toUpperCase(), x: w / 2, y: h * 0.965, size: w * 0.024, fill: palette.muted, anchor: 'middle', spacing: 0.3 }),
  ]);
}

/**
 * A 16:9 key art: scene on the right, title block on the left. A `hero` banner carries no text:
 * the site lays the title's name and genres over it, as it would over an operator's own artwork.
 */
export function landscapeSvg(art: TitleArt, options: Size & { hero: boolean }): string {
  const { width: w, height: h } = options;
  const palette = paletteFor({ seed: art.seed, mood: art.mood });
  const face = faces[art.mood];
  const fades = [
    scene(art, options, 0.72, palette),
    `<defs><linearGradient id="side-fade" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${palette.ink}" stop-opacity="0.88"/>` +
      `<stop offset="0.62" stop-color="${palette.ink}" stop-opacity="0"/></linearGradient></defs><rect width="${w}" height="${h}" fill="url(#side-fade)"/>`,
    shade({ id: 'wide-fade', y1: 0.55, strength: 0.7, palette, size: options }),
  ];
  if (options.hero) return frame(options, palette, fades);
  const title = fitText({ text: art.name.toUpperCase(), face, maxWidth: w * 0.48, maxHeight: h * 0.36, maxFontSize: h * 0.15, maxLines: 3, letterSpacingEm: 0.03 });
  const titleBottom = h * 0.8;
  const titleTop = titleBottom - title.lineHeight * title.lines.length;
  return frame(options, palette, [
    ...fades,
    smallText({ text: art.caption.toUpperCase(), x: w * 0.06, y: titleTop - h * 0.005, size: h * 0.03, fill: palette.muted, anchor: 'start', spacing: 0.28, bold: true }),
    titleText({ lines: title.lines, fontSize: title.fontSize, lineHeight: title.lineHeight, x: w * 0.06, bottom: titleBottom, anchor: 'start', face, palette }),
  ]);
}

/** A 16:9 episode still in its series' colours; the scene is re-seeded per episode. */
export function episodeSvg(options: Size & { series: TitleArt; number: number; name: string }): string {
  const { width: w, height: h, series } = options;
  const palette = paletteFor({ seed: series.seed, mood: series.mood });
  const art = { ...series, seed: `${series.seed}:episode-${options.number}` };
  const name = fitText({ text: options.name, face: 'sans', maxWidth: w * 0.86, maxHeight: h * 0.24, maxFontSize: h * 0.12, maxLines: 2 });
  return frame(options, palette, [
    scene(art, options, 0.6, palette),
    shade({ id: 'still-fade', y1: 0.35, strength: 0.9, palette, size: options }),
    smallText({ text: series.name.toUpperCase(), x: w * 0.06, y: h * 0.12, size: h * 0.05, fill: palette.muted, anchor: 'start', spacing: 0.2 }),
    smallText({ text: `EPISODE ${options.number}`, x: w * 0.06, y: h * 0.86 - name.lineHeight * name.lines.length, size: h * 0.055, fill: palette.accent, anchor: 'start', spacing: 0.25, bold: true }),
    titleText({ lines: name.lines, fontSize: name.fontSize, lineHeight: name.lineHeight, x: w * 0.06, bottom: h * 0.88, anchor: 'start', face: 'sans', palette }),
  ]);
}

/** A square cast portrait placeholder: initials on a lit colour field. */
export function portraitSvg(options: { seed: string; name: string; size: number }): string {
  const s = options.size;
  const colours = portraitColours(options.seed);
  const initials = options.name
    .split(/\s+/)
    .map((part) => part.charAt(0))
    .join('')
    .slice(0, 2)
    .toUpperCase();
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${s}" height="${s}" viewBox="0 0 ${s} ${s}">` +
    `<defs><radialGradient id="lit" cx="0.3" cy="0.25" r="0.9"><stop offset="0" stop-color="${colours.highlight}"/>` +
    `<stop offset="1" stop-color="${colours.background}"/></radialGradient></defs>` +
    `<rect width="${s}" height="${s}" fill="url(#lit)"/>` +
    `<circle cx="${s / 2}" cy="${s / 2}" r="${round(s * 0.4)}" fill="none" stroke="${colours.text}" stroke-width="${round(s * 0.012)}" stroke-opacity="0.35"/>` +
    `<text x="${s / 2}" y="${round(s * 0.5)}" dy="0.35em" text-anchor="middle" font-family="${fontFamily.sans}" font-weight="bold" ` +
    `font-size="${round(s * 0.34)}" letter-spacing="${round(s * 0.01)}" fill="${colours.text}">${escapeXml(initials)}</text></svg>`
  );
}

function frame(size: Size, palette: Palette, parts: string[]): string {
  const { width: w, height: h } = size;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">` +
    `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${palette.skyTop}"/>` +
    `<stop offset="1" stop-color="${palette.skyBottom}"/></linearGradient></defs>` +
    `<rect width="${w}" height="${h}" fill="url(#sky)"/>${parts.join('')}</svg>`
  );
}

function scene(art: TitleArt, size: Size, focusX: number, palette: Palette): string {
  return motifs[art.mood]({ ...size, palette, random: seededRandom(`scene:${art.seed}`), focusX });
}

/** Darkens the bottom (or top) of the picture so light text stays legible over any scene, bright skies included. */
function shade(options: { id: string; y1: number; strength: number; palette: Palette; size: Size; fromTop?: boolean }): string {
  const { width: w, height: h } = options.size;
  const [y1, y2] = options.fromTop ? [options.y1, 0] : [options.y1, 1];
  return (
    `<defs><linearGradient id="${options.id}" x1="0" y1="${y1}" x2="0" y2="${y2}">` +
    `<stop offset="0" stop-color="${options.palette.ink}" stop-opacity="0"/>` +
    `<stop offset="1" stop-color="${options.palette.ink}" stop-opacity="${options.strength}"/></linearGradient></defs>` +
    `<rect width="${w}" height="${h}" fill="url(#${options.id})"/>`
  );
}

function titleText(options: {
  lines: string[];
  fontSize: number;
  lineHeight: number;
  x: number;
  bottom: number;
  anchor: 'start' | 'middle';
  face: Face;
  palette: Palette;
}): string {
  const first = options.bottom - (options.lines.length - 1) * options.lineHeight;
  const attributes = `font-family="${fontFamily[options.face]}" font-weight="bold" font-size="${options.fontSize}" letter-spacing="${round(options.fontSize * 0.03)}" text-anchor="${options.anchor}"`;
  const lines = (dx: number, fill: string, opacity: number): string =>
    options.lines
      .map((line, i) => `<text x="${round(options.x + dx)}" y="${round(first + i * options.lineHeight + dx)}" ${attributes} fill="${fill}" fill-opacity="${opacity}">${escapeXml(line)}</text>`)
      .join('');
  // A hard offset copy in the scene's darkest colour: a drop shadow without a blur filter's cost.
  return lines(Math.max(1, options.fontSize * 0.035), options.palette.ink, 0.6) + lines(0, options.palette.text, 1);
}

function smallText(options: {
  text: string;
  x: number;
  y: number;
  size: number;
  fill: string;
  anchor: 'start' | 'middle';
  spacing?: number;
  bold?: boolean;
  italic?: boolean;
}): string {
  if (!options.text) return '';
  const style = `${options.bold ? ' font-weight="bold"' : ''}${options.italic ? ' font-style="italic"' : ''}`;
  return (
    `<text x="${round(options.x)}" y="${round(options.y)}" font-family="${fontFamily.sans}" font-size="${round(options.size)}"${style} ` +
    `letter-spacing="${round(options.size * (options.spacing ?? 0.02))}" text-anchor="${options.anchor}" fill="${options.fill}">${escapeXml(options.text)}</text>`
  );
}

/** Cast names spaced like a one-sheet's billing line, dropping names until it fits. */
function creditLine(names: string[], options: { maxWidth: number; fontSize: number }): string {
  for (let count = Math.min(3, names.length); count > 0; count--) {
    // Em spaces: SVG collapses runs of ordinary spaces into one.
    const line = names.slice(0, count).join('\u2003\u2003').toUpperCase();
    const widthEm = textWidthEm(line, { face: 'sans', letterSpacingEm: 0.22 }) * 0.88;
    if (widthEm * options.fontSize <= options.maxWidth) return line;
  }
  return '';
}
