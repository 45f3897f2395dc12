/**
 * Sizes of the catalogue's artwork, shared by the server (which makes them when an image is stored:
 * apps/server/src/images/artwork-variants.ts) and the web app (which offers them in `srcset`).
 * Plain constants, no schema: the browser bundle imports this file alone.
 */

/** Widths every stored artwork image is also kept at, as AVIF and WebP. */
export const ARTWORK_WIDTHS = [320, 640, 960] as const;
export const ARTWORK_FORMATS = ['avif', 'webp'] as const;
export type ArtworkFormat = (typeof ARTWORK_FORMATS)[number];

/** The banner picture's displayed width: the phone's whole width; above 640 px one slide of 1.4. */
export const BANNER_IMAGE_SIZES = '(min-width: 640px) 72vw, 100vw';

/** A title page's player picture (its poster, or the artwork without a video) is drawn across the page. */
export const PLAYER_IMAGE_SIZES = '100vw';

/**
 * A phone gets the player's 640 px size at most, whatever its pixel density: its video starts on
 * the 360p rung (640 px wide), so a sharper poster would cost bytes before the first paint for nothing.
 */
export const PLAYER_IMAGE_CAP = { media: '(max-width: 640px)', maxWidth: 640 } as const;

/** Our own stored artwork: a WebP under /media/ that is not a video's file nor already a size. */
const STORED_ARTWORK = /^\/media\/(?!videos\/).+(?<!\.\d+w)\.webp$/;

/** `…/x-poster.webp` at 640 px as AVIF: `…/x-poster.640w.avif`. */
export function artworkVariantUrl(url: string, width: number, format: ArtworkFormat): string {
  return `${url.slice(0, -'.webp'.length)}.${width}w.${format}`;
}

/**
 * The `srcset` of a stored artwork image in one format (the sizes up to `maxWidth` px), or null for
 * any other picture (kept as it is).
 */
export function artworkSrcSet(url: string, format: ArtworkFormat, maxWidth = Infinity): string | null {
  if (!STORED_ARTWORK.test(url)) return null;
  return ARTWORK_WIDTHS.filter((width) => width <= maxWidth)
    .map((width) => `${artworkVariantUrl(url, width, format)} ${width}w`)
    .join(', ');
}
