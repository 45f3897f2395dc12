import { sha256Hex } from '../../lib/sha256';
import type { FeedItem } from './mrss-parser';

/** The thumbnail URLs an item's stored artwork is made from. */
export function artworkSourceOf(item: FeedItem): string {
  return item.thumbnails.map((t) => t.url).join(' ');
}

/** URL slug of a name: lowercase ASCII letters, digits and single dashes (the titles_slug_format check). */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
}

/** A stable UUID-shaped id from text, for things the contract addresses by UUID but we do not store. */
export function uuidFromText(text: string): string {
  const h = sha256Hex(text);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}
