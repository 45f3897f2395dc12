import { cosmos, enchanted, nightwoods, velocity } from './artwork-motifs-dark';
import { bokeh, confetti, horizon, playland, ridges } from './artwork-motifs-bright';
import { noir } from './artwork-motifs-noir';
import { seaside } from './artwork-motifs-sea';
import { hsl, paletteFor, portraitColours, type Mood, type Palette } from './artwork-palette';
import { round, type Motif } from './artwork-shapes';
import { escapeXml, fitText, fontFamily, wrapWords, type Face } from './artwork-text';
import { pickOne, seededRandom } from '../demo-random';

/** Everything the artwork of one title is drawn from. */
export interface TitleArt {
  /** Stable seed (the slug): same seed, same picture. */
  seed: string;
  name: string;
  mood: Mood;
  tagline: string;
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

/**
 * An 11:16 one-sheet: scene, then title, tagline and caption at the bottom. The top is left to the
 * picture: the site's access badge sits there and must cover no lettering.
 */
export function posterSvg(art: TitleArt, size: Size): string {
  const { width: w, height: h } = size;
  const palette = paletteFor({ seed: art.seed, mood: art.mood });
  const face = faces[art.mood];
  const title = fitText({ text: art.name.toUpperCase(), face, maxWidth: w * 0.86, maxHeight: h * 0.25, maxFontSize: w * 0.16, maxLines: 3, letterSpacingEm: 0.03 });
  const titleBottom = h * 0.83;
  const tagline = wrapWords({ text: art.tagline, maxWidthEm: (w * 0.8) / (w * 0.034), maxLines: 2, face: 'sans' });
  return frame(size, palette, [
    scene(art, size, 0.5, palette),
    shade({ id: 'poster-fade', y1: 0.4, strength: 0.92, palette, size }),
    shade({ id: 'poster-top', y1: 0.16, strength: 0.6, palette, size, fromTop: true }),
    titleText({ lines: title.lines, fontSize: title.fontSize, lineHeight: title.lineHeight, x: w / 2, bottom: titleBottom, anchor: 'middle', face, palette }),
    ...tagline.map((line, i) => smallText({ text: line, x: w / 2, y: titleBottom + h * 0.055 + i * w * 0.045, size: w * 0.034, fill: palette.text, anchor: 'middle', italic: true })),
    smallText({ text: art.caption.toUpperCase(), x: w / 2, y: h * 0.965, size: w * 0.024, fill: palette.muted, anchor: 'middle', spacing: 0.3 }),
  ]);
}

/**
 * A 16:9 key art (wide cards, hero banners, the player's poster) with no lettering: the site draws
 * the title's name beside or over it, as it would over an operator's own artwork, and two titles
 * on one picture read as a mistake. The scene sits right of centre and the left and bottom are
 * darkened, where the site's own text and buttons go.
 */
export function landscapeSvg(art: TitleArt, size: Size): string {
  const { width: w, height: h } = size;
  const palette = paletteFor({ seed: art.seed, mood: art.mood });
  return frame(size, palette, [
    scene(art, size, 0.72, palette),
    `<defs><linearGradient id="side-fade" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${palette.ink}" stop-opacity="0.88"/>` +
      `<stop offset="0.62" stop-color="${palette.ink}" stop-opacity="0"/></linearGradient></defs><rect width="${w}" height="${h}" fill="url(#side-fade)"/>`,
    shade({ id: 'wide-fade', y1: 0.55, strength: 0.7, palette, size }),
  ]);
}

/**
 * A 16:9 episode still in its series' colours, the scene re-seeded per episode. No lettering: the
 * episode card and the player name the episode, once.
 */
export function episodeSvg(options: Size & { series: TitleArt; number: number }): string {
  const palette = paletteFor({ seed: options.series.seed, mood: options.series.mood });
  const art = { ...options.series, seed: `${options.series.seed}:episode-${options.number}` };
  return frame(options, palette, [scene(art, options, 0.6, palette), shade({ id: 'still-fade', y1: 0.55, strength: 0.5, palette, size: options })]);
}

/**
 * A square cast portrait: a lit head-and-shoulders figure on a colour field, its skin, hair and
 * clothing chosen from the seed, so every person in the cast is recognisably someone different.
 */
export function portraitSvg(options: { seed: string; size: number }): string {
  const s = options.size;
  const colours = portraitColours(options.seed);
  const random = seededRandom(`portrait:${options.seed}`);
  const skin = pickOne(random, skinTones);
  const hair = pickOne(random, hairColours);
  const coat = hsl(Math.floor(random() * 360), 30, 22 + random() * 18);
  const headR = s * (0.17 + random() * 0.02);
  const cx = s / 2;
  const cy = s * 0.43;
  const long = random() < 0.5;
  const hairBack = long
    ? `<path d="M${round(cx - headR * 1.15)} ${round(cy)} Q${round(cx - headR * 1.3)} ${round(cy + headR * 2.1)} ${round(cx - headR * 0.6)} ${round(cy + headR * 2)} L${round(cx + headR * 0.6)} ${round(cy + headR * 2)} Q${round(cx + headR * 1.3)} ${round(cy + headR * 2.1)} ${round(cx + headR * 1.15)} ${round(cy)} Z" fill="${hair}"/>`
    : '';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${s}" height="${s}" viewBox="0 0 ${s} ${s}">` +
    `<defs><radialGradient id="lit" cx="0.3" cy="0.25" r="0.9"><stop offset="0" stop-color="${colours.highlight}"/>` +
    `<stop offset="1" stop-color="${colours.background}"/></radialGradient></defs>` +
    `<rect width="${s}" height="${s}" fill="url(#lit)"/>` +
    hairBack +
    `<ellipse cx="${cx}" cy="${round(s * 1.02)}" rx="${round(s * 0.38)}" ry="${round(s * 0.3)}" fill="${coat}"/>` +
    `<rect x="${round(cx - headR * 0.42)}" y="${round(cy + headR * 0.6)}" width="${round(headR * 0.84)}" height="${round(headR * 1.1)}" rx="${round(headR * 0.3)}" fill="${skin}"/>` +
    `<ellipse cx="${cx}" cy="${round(cy)}" rx="${round(headR * 0.9)}" ry="${round(headR * 1.08)}" fill="${skin}"/>` +
    `<path d="M${round(cx - headR * 0.98)} ${round(cy - headR * 0.05)} Q${round(cx - headR)} ${round(cy - headR * 1.35)} ${cx} ${round(cy - headR * 1.2)} ` +
    `Q${round(cx + headR)} ${round(cy - headR * 1.35)} ${round(cx + headR * 0.98)} ${round(cy - headR * 0.05)} Q${round(cx + headR * 0.5)} ${round(cy - headR * 0.75)} ${cx} ${round(cy - headR * 0.7)} ` +
    `Q${round(cx - headR * 0.5)} ${round(cy - headR * 0.75)} ${round(cx - headR * 0.98)} ${round(cy - headR * 0.05)} Z" fill="${hair}"/>` +
    `<ellipse cx="${round(cx - headR * 0.55)}" cy="${round(cy - headR * 0.3)}" rx="${round(headR * 0.5)}" ry="${round(headR * 0.7)}" fill="#ffffff" fill-opacity="0.08"/>` +
    `</svg>`
  );
}

const skinTones = ['#f1c7a5', '#e0ac85', '#c68a64', '#a86f4c', '#8a5636', '#5f3b25'] as const;
const hairColours = ['#1d1410', '#3b2618', '#6b4427', '#a7743f', '#d8b36b', '#8c8c8c', '#5a1f17'] as const;

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
