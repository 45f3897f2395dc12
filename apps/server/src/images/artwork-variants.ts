import { ARTWORK_FORMATS, ARTWORK_WIDTHS, artworkVariantUrl, type ArtworkFormat } from '@marquee/contract/artwork';
import sharp from 'sharp';
import type { MediaStore } from '../storage/storage';

// The sizes are shared with the web app, which offers them in `srcset` (@marquee/contract/artwork).
// A picture narrower than a size is never enlarged: that name holds the picture at its own size.

export interface ArtworkVariant {
  /** The name of a variant of `name.webp`: `name.640w.avif`. */
  key: string;
  data: Buffer;
  contentType: string;
}

/** `artwork/titles/x-poster-1a2b.webp` → `artwork/titles/x-poster-1a2b.640w.avif`. */
export function variantKey(key: string, width: number, format: ArtworkFormat): string {
  if (!key.endsWith('.webp')) throw new Error(`Artwork is stored as WebP: ${key}`);
  return artworkVariantUrl(key, width, format);
}

/** Every variant name of an artwork image, e.g. to check that none is missing. */
export function variantKeys(key: string): string[] {
  return ARTWORK_WIDTHS.flatMap((width) => ARTWORK_FORMATS.map((format) => variantKey(key, width, format)));
}

/**
 * Encodes the variants of one artwork image (made once, when the image is stored: AVIF costs
 * about 0.1 s a picture). Each distinct size is encoded once and shared by the names that need it.
 */
export async function artworkVariants(key: string, image: Buffer): Promise<ArtworkVariant[]> {
  const { width: sourceWidth = ARTWORK_WIDTHS[0] } = await sharp(image).metadata();
  const encoded = new Map<string, Promise<Buffer>>();
  const encode = (width: number, format: ArtworkFormat) => {
    const id = `${width}:${format}`;
    let pending = encoded.get(id);
    if (!pending) {
      const resized = sharp(image).resize({ width, withoutEnlargement: true });
      // AVIF effort 2 is several times faster than the default for files a few percent larger.
      pending = (format === 'avif' ? resized.avif({ quality: 55, effort: 2 }) : resized.webp({ quality: 78, effort: 2 })).toBuffer();
      encoded.set(id, pending);
    }
    return pending;
  };
  const jobs = ARTWORK_WIDTHS.flatMap((width) =>
    ARTWORK_FORMATS.map(async (format) => ({
      key: variantKey(key, width, format),
      data: await encode(Math.min(width, sourceWidth), format),
      contentType: `image/${format}`,
    })),
  );
  return Promise.all(jobs);
}

/** Stores an artwork image in public storage with its sizes; the sizes first, so a listed image always has them. */
export async function putWithVariants(store: Pick<MediaStore, 'public'>, key: string, image: Buffer): Promise<void> {
  const variants = await artworkVariants(key, image);
  await Promise.all(variants.map((variant) => store.public.put(variant.key, variant.data, { contentType: variant.contentType })));
  await store.public.put(key, image, { contentType: 'image/webp' });
}
