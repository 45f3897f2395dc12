import { hsl } from './artwork-palette';
import { circle, fadeBand, glowDisc, polygon, ridge, round, unit, type Motif } from './artwork-shapes';
import { pickOne, randomBetween, randomInt } from '../demo-random';

/** Drama: a low sun over layered hills, a few birds, retro bands across the disc. */
export const horizon: Motif = (context) => {
  const { width, height, palette, random } = context;
  const u = unit(context);
  const cx = context.focusX * width + randomBetween(random, -0.05, 0.05) * width;
  const cy = height * randomBetween(random, 0.5, 0.6);
  const r = u * randomBetween(random, 0.17, 0.24);
  let bands = '';
  for (let i = 1; i <= 4; i++) {
    const y = cy + r * (0.15 + i * 0.17);
    bands += `<rect x="${round(cx - r)}" y="${round(y)}" width="${round(r * 2)}" height="${round(u * 0.004 * i + 1)}" fill="${palette.skyBottom}"/>`;
  }
  let birds = '';
  for (let i = 0; i < randomInt(random, 3, 5); i++) {
    const bx = cx + randomBetween(random, -0.4, 0.4) * width;
    const by = height * randomBetween(random, 0.15, 0.35);
    const s = u * randomBetween(random, 0.012, 0.022);
    birds += `<path d="M${round(bx - s)},${round(by)} Q${round(bx - s / 2)},${round(by - s * 0.6)} ${round(bx)},${round(by)} Q${round(bx + s / 2)},${round(by - s * 0.6)} ${round(bx + s)},${round(by)}" stroke="${palette.ink}" stroke-width="${round(u * 0.004 + 0.5)}" fill="none"/>`;
  }
  return (
    glowDisc({ id: 'm-sunglow', cx, cy, r: r * 3.2, colour: palette.glow, strength: 0.55 }) +
    `<defs><linearGradient id="m-sun" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff4dc"/><stop offset="1" stop-color="${palette.glow}"/></linearGradient></defs>` +
    circle({ cx, cy, r, fill: 'url(#m-sun)' }) +
    bands +
    birds +
    ridge(context, { baseY: height * 0.7, amplitude: height * 0.1, points: 5, fill: palette.haze, opacity: 0.75, smooth: true }) +
    ridge(context, { baseY: height * 0.8, amplitude: height * 0.09, points: 4, fill: palette.haze, smooth: true }) +
    ridge(context, { baseY: height * 0.9, amplitude: height * 0.08, points: 4, fill: palette.ink, smooth: true })
  );
};

/** Romance: out-of-focus city lights and a soft diagonal beam. */
export const bokeh: Motif = (context) => {
  const { width, height, palette, random } = context;
  const u = unit(context);
  const colours = [palette.glow, palette.accent, palette.text];
  // Soft-edged discs from a gradient per colour: the look of a blur filter at a tenth of its cost.
  let lights = `<defs>${colours.map((colour, i) => softEdge(`m-soft${i}`, colour)).join('')}</defs>`;
  for (let i = 0; i < 34; i++) {
    lights += circle({
      cx: random() * width,
      cy: height * randomBetween(random, 0, 0.85),
      r: u * randomBetween(random, 0.02, 0.11),
      fill: `url(#m-soft${pickOne(random, [0, 0, 1, 2])})`,
      opacity: randomBetween(random, 0.15, 0.55),
    });
  }
  const x = context.focusX * width;
  return (
    glowDisc({ id: 'm-warm', cx: x, cy: height * 0.45, r: u * 0.8, colour: palette.glow, strength: 0.45 }) +
    lights +
    polygon([[x - u * 0.2, 0], [x + u * 0.1, 0], [x + u * 0.6, height], [x + u * 0.1, height]], '#ffffff', 0.05) +
    ridge(context, { baseY: height * 0.9, amplitude: height * 0.05, points: 5, fill: palette.ink, smooth: true })
  );
};

/** Comedy: bold pop-art discs and tumbling confetti on a bright ground. */
export const confetti: Motif = (context) => {
  const { width, height, palette, random } = context;
  const u = unit(context);
  const colours = [palette.glow, palette.accent, palette.skyTop, palette.text];
  let discs = '';
  for (let i = 0; i < 5; i++) {
    discs += circle({
      cx: width * randomBetween(random, -0.1, 1.1),
      cy: height * randomBetween(random, -0.1, 0.9),
      r: u * randomBetween(random, 0.18, 0.42),
      fill: pickOne(random, colours),
      opacity: randomBetween(random, 0.55, 0.9),
    });
  }
  let pieces = '';
  for (let i = 0; i < 60; i++) {
    const x = random() * width;
    const y = random() * height;
    const w = u * randomBetween(random, 0.012, 0.03);
    pieces += `<rect x="${round(x)}" y="${round(y)}" width="${round(w)}" height="${round(w * 0.45)}" fill="${pickOne(random, colours)}" transform="rotate(${randomInt(random, 0, 180)} ${round(x)} ${round(y)})"/>`;
  }
  return (
    discs +
    `<circle cx="${round(context.focusX * width)}" cy="${round(height * 0.42)}" r="${round(u * 0.3)}" fill="none" stroke="${palette.text}" stroke-width="${round(u * 0.02)}" stroke-dasharray="${round(u * 0.05)} ${round(u * 0.035)}" stroke-opacity="0.6"/>` +
    pieces +
    ridge(context, { baseY: height * 0.92, amplitude: height * 0.04, points: 6, fill: palette.ink, opacity: 0.8, smooth: true })
  );
};

/** Documentary: mountain ranges fading into haze under a pale sun. */
export const ridges: Motif = (context) => {
  const { width, height, palette, random } = context;
  const u = unit(context);
  const sx = context.focusX * width + randomBetween(random, -0.2, 0.2) * width;
  const layers = [
    { baseY: 0.58, amplitude: 0.2, opacity: 0.3 },
    { baseY: 0.68, amplitude: 0.18, opacity: 0.5 },
    { baseY: 0.8, amplitude: 0.16, opacity: 0.75 },
    { baseY: 0.93, amplitude: 0.14, opacity: 1 },
  ];
  let out =
    glowDisc({ id: 'm-pale', cx: sx, cy: height * 0.3, r: u * 0.55, colour: palette.glow, strength: 0.6 }) +
    circle({ cx: sx, cy: height * 0.3, r: u * 0.07, fill: '#fffdf5', opacity: 0.95 });
  layers.forEach((layer, i) => {
    out += ridge(context, { baseY: height * layer.baseY, amplitude: height * layer.amplitude, points: randomInt(random, 7, 11), fill: palette.ink, opacity: layer.opacity });
    if (i < layers.length - 1) {
      out += fadeBand({ id: `m-mist${i}`, y: height * (layer.baseY - 0.05), height: height * 0.12, width, colour: palette.skyTop, opacity: 0.35 });
    }
  });
  return out;
};

/** Kids: a bright sky with a rayed sun, puffy clouds, green rolling hills and sometimes a rainbow. */
export const playland: Motif = (context) => {
  const { width, height, palette, random } = context;
  const u = unit(context);
  const sx = width * (context.focusX > 0.5 ? randomBetween(random, 0.72, 0.85) : randomBetween(random, 0.15, 0.3));
  const sy = height * 0.2;
  const sr = u * 0.1;
  let rays = '';
  for (let i = 0; i < 12; i++) {
    rays += `<rect x="${round(sx - u * 0.012)}" y="${round(sy - sr * 2)}" width="${round(u * 0.024)}" height="${round(sr * 0.6)}" rx="${round(u * 0.012)}" fill="${palette.glow}" transform="rotate(${i * 30} ${round(sx)} ${round(sy)})"/>`;
  }
  let clouds = '';
  for (let i = 0; i < 3; i++) {
    // On a landscape canvas the left half belongs to the title.
    const cx = width * (context.focusX > 0.5 ? randomBetween(random, 0.5, 0.95) : randomBetween(random, 0.05, 0.95));
    const cy = height * randomBetween(random, 0.12, 0.45);
    const s = u * randomBetween(random, 0.05, 0.09);
    clouds +=
      `<g>${circle({ cx, cy, r: s, fill: '#ffffff' })}${circle({ cx: cx - s * 1.1, cy: cy + s * 0.35, r: s * 0.7, fill: '#ffffff' })}` +
      `${circle({ cx: cx + s * 1.1, cy: cy + s * 0.3, r: s * 0.75, fill: '#ffffff' })}<rect x="${round(cx - s * 1.8)}" y="${round(cy + s * 0.3)}" width="${round(s * 3.6)}" height="${round(s * 0.75)}" rx="${round(s * 0.37)}" fill="#ffffff"/></g>`;
  }
  const grassHue = randomBetween(random, 85, 140);
  return (
    glowDisc({ id: 'm-sunny', cx: sx, cy: sy, r: sr * 4, colour: palette.glow, strength: 0.5 }) +
    rays +
    circle({ cx: sx, cy: sy, r: sr, fill: palette.glow }) +
    (random() < 0.5 ? rainbow(context) : '') +
    clouds +
    ridge(context, { baseY: height * 0.76, amplitude: height * 0.12, points: 4, fill: hsl(grassHue, 50, 55), smooth: true }) +
    ridge(context, { baseY: height * 0.88, amplitude: height * 0.1, points: 4, fill: hsl(grassHue + 10, 55, 38), smooth: true }) +
    flowers(context, grassHue)
  );
};

function rainbow(context: Parameters<Motif>[0]): string {
  const { width, height } = context;
  const u = unit(context);
  const cx = width * (context.focusX > 0.5 ? 0.7 : 0.5);
  const cy = height * 0.78;
  const band = u * 0.028;
  const colours = ['#ff6b6b', '#ffa94d', '#ffd43b', '#69db7c', '#4dabf7', '#9775fa'];
  return colours
    .map((colour, i) => {
      const r = u * 0.52 - i * band;
      return `<path d="M${round(cx - r)},${round(cy)} A${round(r)},${round(r)} 0 0 1 ${round(cx + r)},${round(cy)}" fill="none" stroke="${colour}" stroke-width="${round(band + 0.5)}" stroke-opacity="0.8"/>`;
    })
    .join('');
}

function softEdge(id: string, colour: string): string {
  return (
    `<radialGradient id="${id}"><stop offset="0" stop-color="${colour}"/><stop offset="0.75" stop-color="${colour}" stop-opacity="0.85"/>` +
    `<stop offset="1" stop-color="${colour}" stop-opacity="0"/></radialGradient>`
  );
}

function flowers(context: Parameters<Motif>[0], grassHue: number): string {
  const { width, height, random, palette } = context;
  const u = unit(context);
  let out = '';
  for (let i = 0; i < 14; i++) {
    const x = random() * width;
    const y = height * randomBetween(random, 0.9, 0.99);
    out += circle({ cx: x, cy: y, r: u * 0.008, fill: pickOne(random, ['#ffffff', palette.accent, hsl(grassHue + 200, 80, 70)]) });
  }
  return out;
}
