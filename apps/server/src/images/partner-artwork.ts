import sharp from 'sharp';
import { sha256Hex } from '../lib/sha256';
import type { MediaStore } from '../storage/storage';
import { putWithVariants } from './artwork-variants';

/** The catalogue's two shapes: 11:16 posters (Vertical rows) and 16:9 (Horizontal rows, banners). */
const POSTER = { width: 440, height: 640 };
const WIDE = { width: 1280, height: 720 };

export interface PartnerArtwork {
  verticalBanner: string;
  horizontalBanner: string;
}

/**
 * Stores a partner's artwork in our own public storage in the catalogue's shapes, so pages never
 * depend on the partner's image server. `portrait` and `landscape` are the source images best
 * suited to each shape (possibly the same one); without any, a plain title card is drawn.
 */
export async function storePartnerArtwork(input: {
  store: MediaStore;
  /** Key prefix, e.g. 'third-party/northlight/3f2a…'. */
  prefix: string;
  name: string;
  portrait: Buffer | null;
  landscape: Buffer | null;
}): Promise<PartnerArtwork> {
  const portrait = input.portrait ?? input.landscape ?? titleCard(input.name, POSTER);
  const landscape = input.landscape ?? input.portrait ?? titleCard(input.name, WIDE);
  const [poster, wide] = await Promise.all([cover(portrait, POSTER), cover(landscape, WIDE)]);
  const posterKey = `${input.prefix}-poster.webp`;
  const wideKey = `${input.prefix}-wide.webp`;
  await Promise.all([putWithVariants(input.store, posterKey, poster), putWithVariants(input.store, wideKey, wide)]);
  return { verticalBanner: input.store.public.url(posterKey), horizontalBanner: input.store.public.url(wideKey) };
}

/** Fills the shape, cropping around the most interesting region ('attention'), as posters do. */
function cover(image: Buffer, size: { width: number; height: number }): Promise<Buffer> {
  return sharp(image, { limitInputPixels: 40_000_000 })
    .rotate()
    .resize(size.width, size.height, { fit: 'cover', position: sharp.strategy.attention })
    .webp({ quality: 80, effort: 2 })
    .toBuffer();
}

function titleCard(name: string, size: { width: number; height: number }): Buffer {
  const escaped = name.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
  const fontSize = Math.round(Math.min(size.height * 0.4, size.width / Math.max(4, name.length * 0.62)));
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size.width}" height="${size.height}">
      <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#27272a"/><stop offset="1" stop-color="#09090b"/></linearGradient></defs>
      <rect width="100%" height="100%" fill="url(#g)"/>
      <text x="50%" y="50%" fill="#fafafa" font-family="sans-serif" font-weight="700" font-size="${fontSize}" text-anchor="middle" dominant-baseline="middle">${escaped}</text>
    </svg>`,
  );
}

const PORTRAIT = { width: 256, height: 256 };

/** A partner's credit has a name only: its portrait is a card with the initials, one file per name. */
export async function storeCreditPortrait(input: { store: MediaStore; name: string }): Promise<string> {
  const initials = input.name
    .split(/\s+/)
    .map((word) => word[0] ?? '')
    .join('')
    .slice(0, 3)
    .toUpperCase();
  const key = `third-party/people/${sha256Hex(input.name).slice(0, 20)}.webp`;
  const image = await sharp(titleCard(initials, PORTRAIT)).webp({ quality: 80, effort: 2 }).toBuffer();
  await input.store.public.put(key, image, { contentType: 'image/webp' });
  return input.store.public.url(key);
}
