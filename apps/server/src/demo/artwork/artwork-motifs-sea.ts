import { circle, glowDisc, polygon, round, unit, type Motif, type MotifContext } from './artwork-shapes';
import { randomBetween } from '../demo-random';

/** Seaside: a low sun over open water, its reflection broken into ripples, a lighthouse or a sail. */
export const seaside: Motif = (context) => {
  const { width, height, palette, random } = context;
  const u = unit(context);
  // On a poster the title covers the lower half, so the sun sets higher there.
  const horizonY = height * (height > width ? randomBetween(random, 0.42, 0.5) : randomBetween(random, 0.56, 0.64));
  const sx = context.focusX * width + randomBetween(random, -0.08, 0.08) * width;
  const sr = u * randomBetween(random, 0.1, 0.15);
  let ripples = '';
  for (let i = 0; i < 22; i++) {
    const depth = i / 22;
    const y = horizonY + (height - horizonY) * depth * depth + 3;
    const half = sr * (0.4 + depth * 1.6) * randomBetween(random, 0.5, 1.1);
    const x = sx + randomBetween(random, -0.3, 0.3) * sr;
    ripples += `<rect x="${round(x - half)}" y="${round(y)}" width="${round(half * 2)}" height="${round(u * 0.004 + depth * u * 0.006)}" rx="2" fill="${palette.glow}" fill-opacity="${round(0.75 - depth * 0.5)}"/>`;
  }
  const left = context.focusX < 0.6 ? random() < 0.5 : false;
  const landmark = random() < 0.55 ? lighthouse(context, { horizonY, left }) : sailboat(context, { horizonY, x: sx + (random() < 0.5 ? -1 : 1) * sr * 2.2 });
  return (
    glowDisc({ id: 'm-dusk', cx: sx, cy: horizonY, r: u * 0.7, colour: palette.glow, strength: 0.6 }) +
    circle({ cx: sx, cy: horizonY - sr * 0.35, r: sr, fill: palette.glow }) +
    `<rect x="0" y="${round(horizonY)}" width="${width}" height="${round(height - horizonY)}" fill="${palette.haze}"/>` +
    ripples +
    landmark
  );
};

function lighthouse(context: MotifContext, options: { horizonY: number; left: boolean }): string {
  const { width, height, palette } = context;
  const u = unit(context);
  const x = options.left ? width * 0.16 : width * 0.86;
  const cliffTop = options.horizonY - u * 0.04;
  const towerH = u * 0.32;
  const base = u * 0.05;
  const topY = cliffTop - towerH;
  const cliff = options.left
    ? [[0, cliffTop - u * 0.02], [x + u * 0.12, cliffTop], [x + u * 0.22, height], [0, height]]
    : [[width, cliffTop - u * 0.02], [x - u * 0.12, cliffTop], [x - u * 0.22, height], [width, height]];
  const beamEnd = options.left ? width : 0;
  return (
    polygon([[x, topY + u * 0.02], [beamEnd, topY - u * 0.12], [beamEnd, topY + u * 0.12]], palette.glow, 0.12) +
    polygon(cliff as Array<[number, number]>, palette.ink) +
    polygon([[x - base, cliffTop], [x + base, cliffTop], [x + base * 0.6, topY], [x - base * 0.6, topY]], palette.ink) +
    `<rect x="${round(x - base * 0.5)}" y="${round(topY - u * 0.04)}" width="${round(base)}" height="${round(u * 0.04)}" fill="${palette.glow}"/>` +
    polygon([[x - base * 0.75, topY - u * 0.04], [x + base * 0.75, topY - u * 0.04], [x, topY - u * 0.09]], palette.ink)
  );
}

function sailboat(context: MotifContext, options: { horizonY: number; x: number }): string {
  const { palette } = context;
  const u = unit(context);
  const { x } = options;
  const y = options.horizonY + u * 0.03;
  const s = u * 0.1;
  return (
    polygon([[x - s * 0.6, y], [x + s * 0.6, y], [x + s * 0.45, y + s * 0.18], [x - s * 0.45, y + s * 0.18]], palette.ink) +
    polygon([[x, y - s * 1.3], [x, y - s * 0.05], [x - s * 0.55, y - s * 0.05]], palette.ink) +
    polygon([[x + s * 0.05, y - s * 1.1], [x + s * 0.05, y - s * 0.05], [x + s * 0.5, y - s * 0.05]], palette.ink)
  );
}
