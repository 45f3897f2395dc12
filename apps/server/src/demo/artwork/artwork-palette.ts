import { hashString, randomBetween, seededRandom } from '../demo-random';

/** The visual family of a piece of artwork; chosen from a title's first genre. */
export type Mood =
  | 'scifi'
  | 'horror'
  | 'thriller'
  | 'action'
  | 'drama'
  | 'romance'
  | 'comedy'
  | 'documentary'
  | 'kids'
  | 'fantasy'
  | 'seaside';

export interface Palette {
  skyTop: string;
  skyBottom: string;
  /** Light source colour: suns, moons, glows. */
  glow: string;
  /** Secondary highlight: rings, windows, streaks. */
  accent: string;
  /** Silhouettes in the foreground. */
  ink: string;
  /** Mid-ground silhouettes, between the sky and the ink. */
  haze: string;
  text: string;
  muted: string;
}

interface MoodTone {
  hues: [number, number];
  saturation: number;
  /** Lightness of the top and bottom of the sky. */
  sky: [number, number];
  /** Hue offset of the glow from the base hue... */
  glowShift: number;
  /** ...or an absolute hue range, where the light must stay sun-coloured whatever the sky. */
  glowHues?: [number, number];
  glowLightness: number;
}

// Hue ranges keep each genre recognisable (cold sci-fi, warm drama) while the slug picks the exact
// shade, so two thrillers side by side in a row still look different.
const tones: Record<Mood, MoodTone> = {
  scifi: { hues: [185, 275], saturation: 60, sky: [8, 24], glowShift: 150, glowLightness: 62 },
  horror: { hues: [200, 300], saturation: 25, sky: [5, 16], glowShift: 0, glowLightness: 86 },
  thriller: { hues: [170, 240], saturation: 45, sky: [7, 22], glowShift: 170, glowLightness: 58 },
  action: { hues: [0, 40], saturation: 70, sky: [8, 26], glowShift: 25, glowLightness: 58 },
  drama: { hues: [340, 390], saturation: 50, sky: [30, 12], glowShift: 25, glowLightness: 68 },
  romance: { hues: [320, 370], saturation: 55, sky: [14, 32], glowShift: 40, glowLightness: 72 },
  comedy: { hues: [300, 410], saturation: 65, sky: [50, 38], glowShift: 180, glowLightness: 62 },
  documentary: { hues: [150, 220], saturation: 35, sky: [58, 26], glowShift: 200, glowLightness: 78 },
  kids: { hues: [165, 250], saturation: 70, sky: [62, 48], glowShift: 0, glowHues: [32, 50], glowLightness: 62 },
  fantasy: { hues: [150, 330], saturation: 50, sky: [9, 26], glowShift: 180, glowLightness: 74 },
  seaside: { hues: [190, 235], saturation: 45, sky: [12, 34], glowShift: 0, glowHues: [18, 42], glowLightness: 66 },
};

/** A palette for one title: same seed, same colours. */
export function paletteFor(options: { seed: string; mood: Mood }): Palette {
  const tone = tones[options.mood];
  const random = seededRandom(`palette:${options.seed}`);
  const hue = randomBetween(random, tone.hues[0], tone.hues[1]) % 360;
  const s = tone.saturation;
  const dark = Math.min(tone.sky[0], tone.sky[1]);
  const glowHue = tone.glowHues ? randomBetween(random, tone.glowHues[0], tone.glowHues[1]) : hue + tone.glowShift;
  return {
    skyTop: hsl(hue, s, tone.sky[0]),
    skyBottom: hsl(hue + 18, s, tone.sky[1]),
    glow: hsl(glowHue, 85, tone.glowLightness),
    accent: hsl(glowHue + 30, 80, Math.max(55, tone.glowLightness - 5)),
    ink: hsl(hue + 10, Math.max(20, s - 15), Math.max(3, dark * 0.35)),
    haze: hsl(hue + 6, Math.max(20, s - 20), Math.max(8, dark * 0.7)),
    text: hsl(glowHue, 30, 96),
    muted: hsl(glowHue, 25, 80),
  };
}

/** A flat colour for things without a title (cast portraits): any hue, mid lightness. */
export function portraitColours(seed: string): { background: string; highlight: string; text: string } {
  const hue = hashString(`portrait:${seed}`) % 360;
  return { background: hsl(hue, 38, 30), highlight: hsl(hue + 25, 50, 48), text: hsl(hue, 30, 96) };
}

/** CSS hsl() → '#rrggbb'; hex keeps the SVG independent of the renderer's CSS colour support. */
export function hsl(hue: number, saturation: number, lightness: number): string {
  const h = (((hue % 360) + 360) % 360) / 360;
  const s = Math.min(100, Math.max(0, saturation)) / 100;
  const l = Math.min(100, Math.max(0, lightness)) / 100;
  const q = l < 0.5 ? l * (1 + s) : l + s - l * s;
  const p = 2 * l - q;
  const channel = (t: number): string => {
    const u = t < 0 ? t + 1 : t > 1 ? t - 1 : t;
    const v = u < 1 / 6 ? p + (q - p) * 6 * u : u < 1 / 2 ? q : u < 2 / 3 ? p + (q - p) * (2 / 3 - u) * 6 : p;
    return Math.round(v * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(h + 1 / 3)}${channel(h)}${channel(h - 1 / 3)}`;
}
