import { extname } from 'node:path';

/** Content types of the files media storage holds; object storage stores them with each object. */
const CONTENT_TYPES: Record<string, string> = {
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.m4s': 'video/iso.segment',
  '.mp4': 'video/mp4',
  '.ts': 'video/mp2t',
  '.mov': 'video/quicktime',
  '.mkv': 'video/x-matroska',
  '.webm': 'video/webm',
  '.vtt': 'text/vtt',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.svg': 'image/svg+xml',
};

export function contentTypeOf(key: string): string {
  return CONTENT_TYPES[extname(key).toLowerCase()] ?? 'application/octet-stream';
}

/**
 * A file of an HLS package as the pipeline names it, relative to the package: letters, digits,
 * dashes and underscores, in folders, one extension the package uses; never `..`.
 */
export const PACKAGE_FILE = /^(?:[A-Za-z0-9_-]+\/)*[A-Za-z0-9_-]+\.(m3u8|m4s|mp4|ts|vtt|jpg|webp)$/;

export function isPlaylist(key: string): boolean {
  return key.endsWith('.m3u8');
}

/**
 * Text files that name other files of their package by relative URI (playlists; WebVTT thumbnail
 * tracks naming their sprite): a client resolves those against the URL it finally loaded them from.
 */
export function refersToSiblings(key: string): boolean {
  return isPlaylist(key) || key.endsWith('.vtt');
}

/**
 * Caching by file role: playlists revalidate (a live edit or a re-transcode shows at once);
 * everything else is written once under its own name and never changes.
 */
export function cacheControlOf(key: string, scope: 'public' | 'private'): string {
  return isPlaylist(key) ? 'no-cache' : `${scope}, max-age=31536000, immutable`;
}
