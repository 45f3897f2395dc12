import type { Palette } from './artwork-palette';
import { randomBetween, type Random } from '../demo-random';

/** What a motif draws into: the canvas size, colours, a seeded generator and where to focus. */
export interface MotifContext {
  width: number;
  height: number;
  palette: Palette;
  random: Random;
  /** Horizontal centre of the motif's main subject, as a fraction of the width. */
  focusX: number;
}

/**
 * Draws a scene (no text) as SVG elements sized to the context's canvas. Translucency is always
 * `fill-opacity`/`stroke-opacity`: librsvg renders an element with `opacity` on an offscreen layer,
 * which made 150 stars cost 55 ms instead of 7.
 */
export type Motif = (context: MotifContext) => string;

/** The shorter side: motifs size things by it so portrait and landscape canvases both work. */
export function unit(context: MotifContext): number {
  return Math.min(context.width, context.height);
}

export function round(value: number): number {
  return Math.round(value * 10) / 10;
}

export function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

export function circle(options: { cx: number; cy: number; r: number; fill: string; opacity?: number }): string {
  const opacity = options.opacity === undefined ? '' : ` fill-opacity="${round2(options.opacity)}"`;
  return `<circle cx="${round(options.cx)}" cy="${round(options.cy)}" r="${round(options.r)}" fill="${options.fill}"${opacity}/>`;
}

export function polygon(points: Array<[number, number]>, fill: string, opacity = 1): string {
  const list = points.map(([x, y]) => `${round(x)},${round(y)}`).join(' ');
  return `<polygon points="${list}" fill="${fill}" fill-opacity="${round2(opacity)}"/>`;
}

/** A soft radial light: a gradient from `colour` to transparent, defined inline under `id`. */
export function glowDisc(options: {
  id: string;
  cx: number;
  cy: number;
  r: number;
  colour: string;
  strength?: number;
}): string {
  const strength = options.strength ?? 0.8;
  return (
    `<defs><radialGradient id="${options.id}">` +
    `<stop offset="0" stop-color="${options.colour}" stop-opacity="${strength}"/>` +
    `<stop offset="0.45" stop-color="${options.colour}" stop-opacity="${round(strength * 0.35)}"/>` +
    `<stop offset="1" stop-color="${options.colour}" stop-opacity="0"/></radialGradient></defs>` +
    circle({ cx: options.cx, cy: options.cy, r: options.r, fill: `url(#${options.id})` })
  );
}

/** Pin-prick stars above `maxY`, brighter ones rarer. */
export function stars(context: MotifContext, options: { count: number; maxY: number }): string {
  const { random } = context;
  const size = unit(context) / 400;
  let out = '';
  for (let i = 0; i < options.count; i++) {
    const bright = random() > 0.9;
    out += circle({
      cx: random() * context.width,
      cy: random() * options.maxY,
      r: (bright ? randomBetween(random, 1.2, 2) : randomBetween(random, 0.4, 1)) * size,
      fill: '#ffffff',
      opacity: bright ? 0.9 : randomBetween(random, 0.25, 0.7),
    });
  }
  return out;
}

/**
 * A ridge line across the canvas: `points` heights around `baseY`, joined by straight segments
 * (jagged, mountains) or smooth curves (hills), filled down to the bottom edge.
 */
export function ridge(
  context: MotifContext,
  options: { baseY: number; amplitude: number; points: number; fill: string; opacity?: number; smooth?: boolean },
): string {
  const { width, height, random } = context;
  const step = width / (options.points - 1);
  const heights = Array.from({ length: options.points }, () => options.baseY - random() * options.amplitude);
  let path = `M0,${round(height)} L0,${round(heights[0] ?? options.baseY)}`;
  for (let i = 1; i < options.points; i++) {
    const x = i * step;
    const y = heights[i] ?? options.baseY;
    if (options.smooth) {
      const previousX = (i - 1) * step;
      const previousY = heights[i - 1] ?? options.baseY;
      path += ` C${round(previousX + step / 2)},${round(previousY)} ${round(x - step / 2)},${round(y)} ${round(x)},${round(y)}`;
    } else {
      path += ` L${round(x)},${round(y)}`;
    }
  }
  path += ` L${round(width)},${round(height)} Z`;
  return `<path d="${path}" fill="${options.fill}" fill-opacity="${round2(options.opacity ?? 1)}"/>`;
}

/** A vertical fade from transparent to `colour`, e.g. mist in front of a ridge. */
export function fadeBand(options: { id: string; y: number; height: number; width: number; colour: string; opacity: number }): string {
  return (
    `<defs><linearGradient id="${options.id}" x1="0" y1="0" x2="0" y2="1">` +
    `<stop offset="0" stop-color="${options.colour}" stop-opacity="0"/>` +
    `<stop offset="1" stop-color="${options.colour}" stop-opacity="${options.opacity}"/></linearGradient></defs>` +
    `<rect x="0" y="${round(options.y)}" width="${options.width}" height="${round(options.height)}" fill="url(#${options.id})"/>`
  );
}
