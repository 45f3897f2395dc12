/**
 * Deterministic randomness for the demo catalogue: every choice is seeded from a stable string
 * (usually a slug), so two seeds of a fresh database produce the same data and the same artwork.
 */

export type Random = () => number;

/** FNV-1a, 32-bit: tiny and stable; a seed needs spread, not cryptographic strength. */
export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** mulberry32 seeded from a string: a uniform generator in [0, 1). */
export function seededRandom(seed: string): Random {
  let state = hashString(seed);
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function randomInt(random: Random, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}

export function randomBetween(random: Random, min: number, max: number): number {
  return min + random() * (max - min);
}

export function pickOne<T>(random: Random, items: readonly T[]): T {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) throw new Error('pickOne: empty list');
  return item;
}

/** `count` distinct items, in random order (partial Fisher–Yates on a copy). */
export function pickDistinct<T>(random: Random, items: readonly T[], count: number): T[] {
  const pool = [...items];
  const picked: T[] = [];
  while (picked.length < count && pool.length > 0) {
    const index = Math.floor(random() * pool.length);
    picked.push(pool.splice(index, 1)[0] as T);
  }
  return picked;
}

/** 'Café Lumière' → 'cafe-lumiere'; matches the titles_slug_format check constraint. */
export function slugify(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
