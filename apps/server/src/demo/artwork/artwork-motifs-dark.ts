import {
  circle,
  fadeBand,
  glowDisc,
  polygon,
  ridge,
  round,
  round2,
  stars,
  unit,
  type Motif,
  type MotifContext,
} from './artwork-shapes';
import { randomBetween, randomInt } from '../demo-random';

/** Sci-fi: a ringed planet over a dark terrain under a field of stars. */
export const cosmos: Motif = (context) => {
  const { width, height, palette, random } = context;
  const u = unit(context);
  const cx = context.focusX * width + randomBetween(random, -0.08, 0.08) * width;
  const cy = height * randomBetween(random, 0.28, 0.4);
  const r = u * randomBetween(random, 0.2, 0.28);
  const tilt = round(randomBetween(random, -24, -8));
  const ring = { rx: r * 1.9, ry: r * 0.42 };
  const ringStroke = `stroke="${palette.accent}" stroke-width="${round(u * 0.014)}" fill="none"`;
  return (
    stars(context, { count: 150, maxY: height }) +
    glowDisc({ id: 'm-horizon', cx: width / 2, cy: height * 1.02, r: width * 0.75, colour: palette.glow, strength: 0.55 }) +
    glowDisc({ id: 'm-halo', cx, cy, r: r * 2.2, colour: palette.glow, strength: 0.35 }) +
    `<g transform="rotate(${tilt} ${round(cx)} ${round(cy)})">` +
    `<ellipse cx="${round(cx)}" cy="${round(cy)}" rx="${round(ring.rx)}" ry="${round(ring.ry)}" ${ringStroke} stroke-opacity="0.5"/>` +
    `<defs><radialGradient id="m-planet" cx="0.35" cy="0.3" r="0.8"><stop offset="0" stop-color="${palette.glow}"/>` +
    `<stop offset="0.55" stop-color="${palette.skyBottom}"/><stop offset="1" stop-color="${palette.ink}"/></radialGradient></defs>` +
    circle({ cx, cy, r, fill: 'url(#m-planet)' }) +
    `<path d="M${round(cx - ring.rx)},${round(cy)} A${round(ring.rx)},${round(ring.ry)} 0 0 0 ${round(cx + ring.rx)},${round(cy)}" ${ringStroke} stroke-opacity="0.9"/>` +
    `</g>` +
    circle({ cx: cx - r * 2.4, cy: cy + r * 1.3, r: r * 0.12, fill: palette.muted, opacity: 0.8 }) +
    ridge(context, { baseY: height * 0.86, amplitude: height * 0.06, points: 7, fill: palette.ink, smooth: true })
  );
};

/** Horror: a pale moon over a layered pine forest sinking into mist. */
export const nightwoods: Motif = (context) => {
  const { width, height, palette, random } = context;
  const u = unit(context);
  const cx = context.focusX * width + randomBetween(random, -0.15, 0.15) * width;
  const cy = height * randomBetween(random, 0.22, 0.32);
  const r = u * randomBetween(random, 0.13, 0.18);
  let craters = '';
  for (let i = 0; i < 5; i++) {
    craters += circle({
      cx: cx + randomBetween(random, -0.55, 0.55) * r,
      cy: cy + randomBetween(random, -0.55, 0.55) * r,
      r: r * randomBetween(random, 0.08, 0.2),
      fill: palette.haze,
      opacity: 0.12,
    });
  }
  return (
    stars(context, { count: 60, maxY: height * 0.6 }) +
    glowDisc({ id: 'm-moonglow', cx, cy, r: r * 4, colour: palette.glow, strength: 0.3 }) +
    circle({ cx, cy, r, fill: palette.glow }) +
    craters +
    forest(context, { baseY: height * 0.74, tall: height * 0.3, fill: palette.haze }) +
    fadeBand({ id: 'm-mist', y: height * 0.55, height: height * 0.3, width, colour: palette.muted, opacity: 0.18 }) +
    forest(context, { baseY: height * 0.9, tall: height * 0.42, fill: palette.ink })
  );
};

/** Thriller and crime: a night skyline, lit windows and searchlights. */
export const skyline: Motif = (context) => {
  const { width, height, palette, random } = context;
  const u = unit(context);
  const baseY = height * 0.82;
  let beams = '';
  for (let i = 0; i < 3; i++) {
    const x = width * randomBetween(random, 0.15, 0.85);
    const spread = width * randomBetween(random, 0.05, 0.1);
    const lean = width * randomBetween(random, -0.35, 0.35);
    beams += polygon([[x - 4, baseY], [x + 4, baseY], [x + lean + spread, 0], [x + lean - spread, 0]], palette.accent, 0.09);
  }
  return (
    beams +
    glowDisc({ id: 'm-cityglow', cx: context.focusX * width, cy: baseY, r: width * 0.6, colour: palette.glow, strength: 0.45 }) +
    buildings(context, { baseY, tallest: height * 0.42, windows: false, fill: palette.haze }) +
    buildings(context, { baseY: height * 0.9, tallest: height * 0.5, windows: true, fill: palette.ink }) +
    `<rect x="0" y="${round(height * 0.9)}" width="${width}" height="${round(height * 0.1)}" fill="${palette.ink}"/>` +
    rain(context, u)
  );
};

/** Fantasy: a crescent moon above a castle on a hill, with drifting motes of light. */
export const enchanted: Motif = (context) => {
  const { width, height, palette, random } = context;
  const u = unit(context);
  const mx = width * (context.focusX > 0.5 ? 0.3 : random() < 0.5 ? 0.25 : 0.75);
  const my = height * 0.2;
  const mr = u * 0.1;
  const hillTop = height * 0.7;
  const cx = context.focusX * width;
  let motes = '';
  for (let i = 0; i < 24; i++) {
    motes += circle({ cx: random() * width, cy: height * randomBetween(random, 0.35, 0.95), r: u * randomBetween(random, 0.003, 0.008), fill: palette.accent, opacity: randomBetween(random, 0.4, 0.9) });
  }
  return (
    stars(context, { count: 110, maxY: height * 0.7 }) +
    glowDisc({ id: 'm-moon', cx: mx, cy: my, r: mr * 4, colour: palette.glow, strength: 0.35 }) +
    `<defs><mask id="m-crescent"><rect width="${width}" height="${height}" fill="#fff"/>` +
    circle({ cx: mx + mr * 0.45, cy: my - mr * 0.25, r: mr * 0.9, fill: '#000' }) +
    `</mask></defs><g mask="url(#m-crescent)">${circle({ cx: mx, cy: my, r: mr, fill: palette.glow })}</g>` +
    ridge(context, { baseY: height * 0.78, amplitude: height * 0.1, points: 6, fill: palette.haze, smooth: true }) +
    glowDisc({ id: 'm-castleglow', cx, cy: hillTop, r: u * 0.45, colour: palette.accent, strength: 0.35 }) +
    castle(context, { cx, baseY: hillTop + u * 0.02, size: u * 0.32 }) +
    `<ellipse cx="${round(cx)}" cy="${round(height * 0.98)}" rx="${round(width * 0.75)}" ry="${round(height - hillTop)}" fill="${palette.ink}"/>` +
    motes
  );
};

/** Action: an explosion of light behind speed streaks and flying debris. */
export const velocity: Motif = (context) => {
  const { width, height, palette, random } = context;
  const u = unit(context);
  const cx = context.focusX * width;
  const cy = height * randomBetween(random, 0.38, 0.5);
  let rays = '';
  const rayCount = 18;
  for (let i = 0; i < rayCount; i++) {
    const angle = (i / rayCount) * Math.PI * 2 + randomBetween(random, -0.1, 0.1);
    const spread = randomBetween(random, 0.03, 0.07);
    const reach = Math.max(width, height) * 1.2;
    rays += polygon(
      [[cx, cy], [cx + Math.cos(angle - spread) * reach, cy + Math.sin(angle - spread) * reach], [cx + Math.cos(angle + spread) * reach, cy + Math.sin(angle + spread) * reach]],
      palette.glow,
      randomBetween(random, 0.05, 0.14),
    );
  }
  let streaks = '';
  for (let i = 0; i < 14; i++) {
    const y = random() * height;
    const x = random() * width;
    const length = width * randomBetween(random, 0.2, 0.6);
    streaks += `<line x1="${round(x)}" y1="${round(y)}" x2="${round(x + length)}" y2="${round(y - length * 0.35)}" stroke="${palette.accent}" stroke-width="${round(u * randomBetween(random, 0.002, 0.008))}" stroke-opacity="${round2(randomBetween(random, 0.25, 0.7))}"/>`;
  }
  let debris = '';
  for (let i = 0; i < 16; i++) {
    const x = random() * width;
    const y = height * randomBetween(random, 0.8, 1);
    const s = u * randomBetween(random, 0.01, 0.035);
    debris += polygon([[x, y - s], [x + s * 1.3, y + s * 0.2], [x - s * 0.4, y + s]], palette.ink, 0.95);
  }
  return (
    rays +
    glowDisc({ id: 'm-blast', cx, cy, r: u * 0.75, colour: palette.glow, strength: 0.9 }) +
    circle({ cx, cy, r: u * 0.05, fill: '#fff8e8', opacity: 0.9 }) +
    streaks +
    ridge(context, { baseY: height * 0.88, amplitude: height * 0.08, points: 9, fill: palette.ink }) +
    debris
  );
};

function forest(context: MotifContext, options: { baseY: number; tall: number; fill: string }): string {
  const { width, height, random } = context;
  let trees = `<rect x="0" y="${round(options.baseY)}" width="${width}" height="${round(height - options.baseY)}" fill="${options.fill}"/>`;
  let x = -unit(context) * 0.05;
  while (x < width) {
    const treeHeight = options.tall * randomBetween(random, 0.45, 1);
    const half = treeHeight * 0.22;
    for (let tier = 0; tier < 3; tier++) {
      const top = options.baseY - treeHeight + tier * treeHeight * 0.28;
      const bottom = top + treeHeight * 0.45;
      const w = half * (0.6 + tier * 0.25);
      trees += polygon([[x, top], [x + w, bottom], [x - w, bottom]], options.fill);
    }
    trees += `<rect x="${round(x - half * 0.08)}" y="${round(options.baseY - treeHeight * 0.2)}" width="${round(half * 0.16)}" height="${round(treeHeight * 0.2)}" fill="${options.fill}"/>`;
    x += half * randomBetween(random, 0.9, 1.6);
  }
  return trees;
}

function buildings(context: MotifContext, options: { baseY: number; tallest: number; windows: boolean; fill: string }): string {
  const { width, random, palette } = context;
  const u = unit(context);
  let out = '';
  let x = 0;
  while (x < width) {
    const w = u * randomBetween(random, 0.07, 0.16);
    const h = options.tallest * randomBetween(random, 0.3, 1);
    out += `<rect x="${round(x)}" y="${round(options.baseY - h)}" width="${round(w + 1)}" height="${round(h)}" fill="${options.fill}"/>`;
    if (options.windows) {
      const size = u * 0.012;
      for (let wy = options.baseY - h + size * 2; wy < options.baseY - size * 2; wy += size * 2.6) {
        for (let wx = x + size; wx < x + w - size; wx += size * 2.2) {
          if (random() > 0.78) out += `<rect x="${round(wx)}" y="${round(wy)}" width="${round(size)}" height="${round(size * 1.3)}" fill="${palette.glow}" fill-opacity="${round2(randomBetween(random, 0.4, 0.9))}"/>`;
        }
      }
    }
    x += w + u * randomBetween(random, 0, 0.02);
  }
  return out;
}

function rain(context: MotifContext, u: number): string {
  const { width, height, random } = context;
  let out = '';
  for (let i = 0; i < 70; i++) {
    const x = random() * width;
    const y = random() * height;
    const length = u * randomBetween(random, 0.03, 0.08);
    out += `<line x1="${round(x)}" y1="${round(y)}" x2="${round(x - length * 0.25)}" y2="${round(y + length)}" stroke="#ffffff" stroke-width="1" stroke-opacity="0.12"/>`;
  }
  return out;
}

function castle(context: MotifContext, options: { cx: number; baseY: number; size: number }): string {
  const { palette, random } = context;
  const { cx, baseY, size } = options;
  const towers = randomInt(random, 3, 5);
  let out = `<rect x="${round(cx - size * 0.45)}" y="${round(baseY - size * 0.35)}" width="${round(size * 0.9)}" height="${round(size * 0.4)}" fill="${palette.ink}"/>`;
  for (let i = 0; i < towers; i++) {
    const tx = cx - size * 0.5 + (i / (towers - 1)) * size;
    const middle = Math.abs(i - (towers - 1) / 2) < 0.6;
    const th = size * (middle ? randomBetween(random, 0.8, 1) : randomBetween(random, 0.45, 0.65));
    const tw = size * 0.1;
    out += `<rect x="${round(tx - tw / 2)}" y="${round(baseY - th)}" width="${round(tw)}" height="${round(th)}" fill="${palette.ink}"/>`;
    out += polygon([[tx - tw * 0.7, baseY - th], [tx + tw * 0.7, baseY - th], [tx, baseY - th - tw * 1.6]], palette.ink);
    out += `<rect x="${round(tx - tw * 0.12)}" y="${round(baseY - th + tw * 0.6)}" width="${round(tw * 0.24)}" height="${round(tw * 0.4)}" fill="${palette.glow}" fill-opacity="0.85"/>`;
  }
  return out;
}
