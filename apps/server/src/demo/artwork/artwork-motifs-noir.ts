import { skyline } from './artwork-motifs-dark';
import { circle, glowDisc, polygon, ridge, round, unit, type Motif, type MotifContext } from './artwork-shapes';
import { randomBetween } from '../demo-random';

/** Noir: either a skyline, or a single street lamp in the rain with a figure at the edge of its light. */
export const noir: Motif = (context) => (context.random() < 0.5 ? skyline(context) : lamplight(context));

function lamplight(context: MotifContext): string {
  const { width, height, palette, random } = context;
  const u = unit(context);
  const x = context.focusX * width + randomBetween(random, -0.12, 0.12) * width;
  const groundY = height * 0.88;
  const top = height * 0.2;
  const pole = u * 0.018;
  const arm = u * 0.09;
  const figureX = x + arm * randomBetween(random, 0.8, 1.8);
  const figureH = u * 0.2;
  let rain = '';
  for (let i = 0; i < 110; i++) {
    const rx = random() * width;
    const ry = random() * height;
    const length = u * randomBetween(random, 0.03, 0.07);
    const lit = Math.abs(rx - (x + arm)) < u * 0.35;
    rain += `<line x1="${round(rx)}" y1="${round(ry)}" x2="${round(rx - length * 0.2)}" y2="${round(ry + length)}" stroke="${lit ? palette.glow : '#ffffff'}" stroke-width="1.2" stroke-opacity="${lit ? 0.45 : 0.1}"/>`;
  }
  return (
    polygon([[x + arm - u * 0.03, top + u * 0.03], [x + arm + u * 0.03, top + u * 0.03], [x + arm + u * 0.4, groundY], [x + arm - u * 0.4, groundY]], palette.glow, 0.14) +
    glowDisc({ id: 'm-lamp', cx: x + arm, cy: top + u * 0.03, r: u * 0.35, colour: palette.glow, strength: 0.7 }) +
    `<ellipse cx="${round(x + arm)}" cy="${round(groundY)}" rx="${round(u * 0.42)}" ry="${round(u * 0.05)}" fill="${palette.glow}" fill-opacity="0.25"/>` +
    `<rect x="${round(x - pole / 2)}" y="${round(top)}" width="${round(pole)}" height="${round(groundY - top)}" fill="${palette.ink}"/>` +
    `<rect x="${round(x)}" y="${round(top)}" width="${round(arm)}" height="${round(pole * 0.7)}" fill="${palette.ink}"/>` +
    polygon([[x + arm - u * 0.03, top + u * 0.035], [x + arm + u * 0.03, top + u * 0.035], [x + arm + u * 0.018, top], [x + arm - u * 0.018, top]], palette.ink) +
    ridge(context, { baseY: groundY, amplitude: 0, points: 2, fill: palette.ink }) +
    figure({ x: figureX, groundY, height: figureH, fill: palette.ink }) +
    rain
  );
}

/** A standing figure in a long coat and hat: head, brim, coat, in one colour. */
function figure(options: { x: number; groundY: number; height: number; fill: string }): string {
  const { x, groundY, height: h, fill } = options;
  return (
    polygon([[x - h * 0.1, groundY - h * 0.72], [x + h * 0.1, groundY - h * 0.72], [x + h * 0.16, groundY], [x - h * 0.16, groundY]], fill) +
    circle({ cx: x, cy: groundY - h * 0.8, r: h * 0.08, fill }) +
    `<rect x="${round(x - h * 0.13)}" y="${round(groundY - h * 0.87)}" width="${round(h * 0.26)}" height="${round(h * 0.025)}" fill="${fill}"/>` +
    `<rect x="${round(x - h * 0.07)}" y="${round(groundY - h * 0.97)}" width="${round(h * 0.14)}" height="${round(h * 0.1)}" fill="${fill}"/>`
  );
}
