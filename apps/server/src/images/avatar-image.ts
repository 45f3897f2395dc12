import sharp from 'sharp';

export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
const AVATAR_SIZE = 512;
/** Formats we decode, judged by content (sharp's sniffing), never by file name or declared type. */
const ACCEPTED = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif']);

export class NotAnImageError extends Error {}

/**
 * Re-encodes an uploaded avatar to a square WebP. Only pixels survive: sharp writes no metadata
 * (EXIF, GPS, ICC) unless asked to, and orientation is applied before it is dropped.
 */
export function toAvatarWebp(input: Buffer): Promise<Buffer> {
  return reencode(input, { width: AVATAR_SIZE, height: AVATAR_SIZE });
}

/** The catalogue's artwork shapes: 11:16 posters, 16:9 wide banners and episode stills, square cast photos. */
export const ARTWORK_SHAPES = {
  poster: { width: 440, height: 640 },
  wide: { width: 1280, height: 720 },
  still: { width: 480, height: 270 },
  portrait: { width: 256, height: 256 },
} as const;
export type ArtworkShape = keyof typeof ARTWORK_SHAPES;

/** Re-encodes uploaded artwork to one of the catalogue's shapes, exactly as avatars are. */
export function toArtworkWebp(input: Buffer, shape: ArtworkShape): Promise<Buffer> {
  return reencode(input, ARTWORK_SHAPES[shape]);
}

async function reencode(input: Buffer, size: { width: number; height: number }): Promise<Buffer> {
  let format: string | undefined;
  try {
    format = (await sharp(input).metadata()).format;
  } catch {
    throw new NotAnImageError('The file is not an image we can read');
  }
  if (!format || !ACCEPTED.has(format)) throw new NotAnImageError('Upload a JPEG, PNG, WebP, GIF or AVIF image');
  try {
    return await sharp(input, { failOn: 'error', limitInputPixels: 50_000_000 })
      .rotate()
      .resize(size.width, size.height, { fit: 'cover', position: 'attention' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw new NotAnImageError('The image is damaged or incomplete');
  }
}
