import sharp from 'sharp';

export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
const AVATAR_SIZE = 512;
/** Formats we decode, judged by content (sharp's sniffing), never by file name or declared type. */
const ACCEPTED = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif']);

export class NotAnImageError extends Error {}

/**
 * Re-encodes an uploaded image to a square WebP. Only pixels survive: sharp writes no metadata
 * (EXIF, GPS, ICC) unless asked to, and orientation is applied before it is dropped.
 */
export async function toAvatarWebp(input: Buffer): Promise<Buffer> {
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
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover', position: 'attention' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw new NotAnImageError('The image is damaged or incomplete');
  }
}
