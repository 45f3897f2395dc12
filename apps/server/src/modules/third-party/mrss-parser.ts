import { setImmediate as nextTurn } from 'node:timers/promises';
import { XMLParser, XMLValidator } from 'fast-xml-parser';

/** One validated item of a partner's Media RSS feed. */
export interface FeedItem {
  guid: string;
  title: string;
  description: string;
  /** The full programme (expression 'full', the default): HLS or MP4. */
  media: { url: string; type: string; durationSeconds: number | null };
  /** A `media:content` with expression="sample", MRSS's way of marking a preview. */
  trailerUrl: string | null;
  thumbnails: Thumbnail[];
  /** media:category values: the collections the item belongs to. */
  categories: string[];
  credits: { name: string; role: string }[];
  /** Minimum age from media:rating (MPAA, 'adult'), 0 when absent. */
  ageLimit: number;
  /** MRSS: an item without media:price is free. */
  isFree: boolean;
  /** A media:price of type rent in USD (our prices are USD), else null: not for rent. */
  rentPrice: number | null;
  language: string | null;
  publishedAt: Date | null;
  /** Countries the item is restricted to (media:restriction allow/deny by country), for the record. */
  restriction: { relationship: 'allow' | 'deny'; countries: string[] } | null;
}

export interface Thumbnail {
  url: string;
  width: number | null;
  height: number | null;
}

export interface ParsedFeed {
  title: string;
  items: FeedItem[];
  /** Items left out, each with the reason (logged by the sync). */
  skipped: { guid: string | null; reason: string }[];
}

/** The feed as a whole is unusable (not XML, not RSS): nothing of it may be imported. */
export class FeedFormatError extends Error {
  override name = 'FeedFormatError';
}

const MRSS_NAMESPACE = /^https?:\/\/search\.yahoo\.com\/mrss\/?$/;

/**
 * Parses an RSS 2.0 feed with the Media RSS namespace (https://www.rssboard.org/media-rss).
 * The `media:` prefix is looked up from the namespace declaration, since partners are free to
 * bind another prefix. Relative URLs are resolved against the feed's own URL.
 *
 * A feed of thousands of items would hold the event loop for seconds if parsed in one go (and its
 * whole tree in memory): the channel is read first with each item left as its text, then the items
 * are parsed a group at a time, the event loop running between groups. Only a document with a
 * DOCTYPE, whose entities any item may use, is parsed whole.
 */
export async function parseMrss(xml: string, options: { feedUrl: string }): Promise<ParsedFeed> {
  const valid = XMLValidator.validate(xml);
  if (valid !== true) throw new FeedFormatError(`malformed XML at line ${valid.err.line}: ${valid.err.msg}`);
  const whole = hasDoctype(xml);
  const doc = parseXml(whole ? parser : channelParser, xml);
  const rss = record(doc.rss);
  const channel = record(rss?.channel);
  if (!rss || !channel) throw new FeedFormatError('not an RSS 2.0 feed (no rss/channel element)');
  const ns = mediaPrefix(rss);
  const result: ParsedFeed = { title: text(channel.title), items: [], skipped: [] };
  const raws = list(channel.item);
  if (raws.length > LIMITS.items) result.skipped.push({ guid: null, reason: `the feed lists ${raws.length} items; only the first ${LIMITS.items} are read` });
  for (let start = 0; start < Math.min(raws.length, LIMITS.items); start += ITEMS_PER_GROUP) {
    if (start > 0) await nextTurn();
    const group = raws.slice(start, Math.min(start + ITEMS_PER_GROUP, LIMITS.items));
    for (const raw of whole ? group : parseItems(group)) {
      const item = record(raw) ?? {};
      const guid = clip(text(item.guid), LIMITS.guid) || null;
      try {
        result.items.push(readItem({ item, ns, feedUrl: options.feedUrl }));
      } catch (error) {
        result.skipped.push({ guid, reason: error instanceof Error ? error.message : String(error) });
      }
    }
  }
  return result;
}

/** Items parsed at once: a few milliseconds of the event loop each time. */
const ITEMS_PER_GROUP = 200;

/** Parses items the channel left as text, in one document: a parse per item costs more than the parsing. */
function parseItems(raws: unknown[]): unknown[] {
  const body = raws.map((raw) => (typeof raw === 'string' ? raw : text(raw))).join('</item><item>');
  return list(record(parseXml(parser, `<group><item>${body}</item></group>`).group)?.item);
}

function parseXml(xmlParser: XMLParser, xml: string): Record<string, unknown> {
  try {
    return xmlParser.parse(xml) as Record<string, unknown>;
  } catch (error) {
    // External entities, entity bombs and the like: the parser refuses them, and so does the feed.
    throw new FeedFormatError(`unusable XML: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** A DOCTYPE before the root element (comments and the XML declaration may come first). */
function hasDoctype(xml: string): boolean {
  const root = xml.search(/<rss[\s>]/);
  return /<!DOCTYPE/i.test(root === -1 ? xml : xml.slice(0, root));
}

/**
 * What one item may bring: the limits an editor has for the same fields (contract's titleInput),
 * so a partner cannot store, and every page serve, a megabyte of description.
 */
export const LIMITS = {
  items: 10_000,
  guid: 512,
  url: 2048,
  title: 120,
  description: 5000,
  categories: 12,
  category: 40,
  credits: 40,
  creditName: 80,
  creditRole: 80,
  language: 35,
  thumbnails: 8,
};

/** Control characters out (PostgreSQL refuses NUL), then at most `max` characters, marked as cut. */
function clip(value: string, max: number): string {
  const clean = value.replace(/[^\P{Cc}\n\t]/gu, '').trim();
  // No longer in UTF-16 units than `max`: no longer in characters either (the common case, no array made).
  if (clean.length <= max) return clean;
  const chars = [...clean];
  return chars.length <= max ? clean : `${chars.slice(0, max - 1).join('').trimEnd()}…`;
}

const parserOptions = {
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  textNodeName: '#text',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: true,
  htmlEntities: true,
};
const parser = new XMLParser(parserOptions);
/** Leaves each item as its text (its closing tag is found past CDATA, comments and nested items). */
const channelParser = new XMLParser({ ...parserOptions, stopNodes: ['rss.channel.item'] });

function readItem(input: { item: Record<string, unknown>; ns: string; feedUrl: string }): FeedItem {
  const { item, ns, feedUrl } = input;
  const m = (name: string) => item[`${ns}${name}`];
  const group = record(m('group')) ?? {};
  const g = (name: string) => group[`${ns}${name}`];
  const guid = text(item.guid) || text(item.link);
  if (!guid) throw new Error('no guid');
  // The guid is a key: cut short, two items could become one.
  if (guid.length > LIMITS.guid) throw new Error(`guid longer than ${LIMITS.guid} characters`);
  const title = clip(text(m('title')) || text(g('title')) || text(item.title), LIMITS.title);
  if (!title) throw new Error('no title');

  const contents = [...list(m('content')), ...list(g('content'))].map((c) => record(c) ?? {});
  const playable = contents
    .map((c) => ({ c, url: absoluteUrl(attr(c, 'url'), feedUrl), type: mediaType(c) }))
    .filter((c): c is typeof c & { url: string; type: string } => c.url !== null && c.type !== null);
  const full = playable.find((c) => (attr(c.c, 'expression') || 'full') === 'full');
  if (!full) throw new Error('no media:content with an HLS or MP4 URL');
  const sample = playable.find((c) => attr(c.c, 'expression') === 'sample');

  return {
    guid,
    title,
    description: clip(stripHtml(text(m('description')) || text(g('description')) || text(item.description)), LIMITS.description),
    media: { url: full.url, type: full.type, durationSeconds: positiveNumber(attr(full.c, 'duration')) },
    trailerUrl: sample?.url ?? null,
    thumbnails: [...list(m('thumbnail')), ...list(g('thumbnail'))]
      .map((t) => record(t) ?? {})
      .map((t) => ({ url: absoluteUrl(attr(t, 'url'), feedUrl), width: positiveNumber(attr(t, 'width')), height: positiveNumber(attr(t, 'height')) }))
      .filter((t): t is Thumbnail => t.url !== null)
      .slice(0, LIMITS.thumbnails),
    categories: unique([...list(m('category')), ...list(g('category'))].map((c) => clip(text(c), LIMITS.category)).filter(Boolean)).slice(0, LIMITS.categories),
    credits: [...list(m('credit')), ...list(g('credit'))]
      .map((c) => ({ name: clip(text(c), LIMITS.creditName), role: clip(attr(record(c) ?? {}, 'role'), LIMITS.creditRole) || 'cast' }))
      .filter((c) => c.name)
      .slice(0, LIMITS.credits),
    ageLimit: ageFromRatings([...list(m('rating')), ...list(g('rating'))]),
    isFree: pricesAreFree([...list(m('price')), ...list(g('price'))]),
    rentPrice: rentPriceOf([...list(m('price')), ...list(g('price'))]),
    language: clip(attr(full.c, 'lang'), LIMITS.language) || null,
    publishedAt: date(text(item.pubDate)),
    restriction: restrictionOf(m('restriction') ?? g('restriction')),
  };
}

/** The prefix (with colon) bound to the MRSS namespace on the root element; 'media:' by convention. */
function mediaPrefix(rss: Record<string, unknown>): string {
  for (const [key, value] of Object.entries(rss)) {
    if (key.startsWith('@xmlns:') && typeof value === 'string' && MRSS_NAMESPACE.test(value)) return `${key.slice('@xmlns:'.length)}:`;
  }
  return 'media:';
}

/** HLS or MP4 only: what hls.js and every browser's <video> can play. */
function mediaType(content: Record<string, unknown>): string | null {
  const type = attr(content, 'type').toLowerCase();
  const url = attr(content, 'url').toLowerCase().split('?')[0] ?? '';
  if (['application/x-mpegurl', 'application/vnd.apple.mpegurl'].includes(type) || (!type && url.endsWith('.m3u8'))) {
    return 'application/vnd.apple.mpegurl';
  }
  if (type === 'video/mp4' || (!type && url.endsWith('.mp4'))) return 'video/mp4';
  return null;
}

const MPAA_AGES: Record<string, number> = { g: 0, pg: 10, 'pg-13': 13, r: 17, 'nc-17': 18 };

/** MRSS ratings: urn:simple ('adult'/'nonadult', the default scheme), urn:mpaa, urn:v-chip (tv-14…). */
function ageFromRatings(ratings: unknown[]): number {
  let age = 0;
  for (const rating of ratings) {
    const value = text(rating).toLowerCase();
    const scheme = attr(record(rating) ?? {}, 'scheme') || 'urn:simple';
    if (scheme === 'urn:simple' && value === 'adult') age = Math.max(age, 18);
    if (scheme === 'urn:mpaa') age = Math.max(age, MPAA_AGES[value] ?? 0);
    if (scheme === 'urn:v-chip') age = Math.max(age, Number(/(\d+)/.exec(value)?.[1] ?? 0));
  }
  return age;
}

/** MRSS: a media:price of type rent, purchase, package or subscription, or with a price, is not free. */
function pricesAreFree(prices: unknown[]): boolean {
  return prices.every((p) => {
    const element = record(p) ?? {};
    return !attr(element, 'type') && !(Number(attr(element, 'price') || 0) > 0);
  });
}

function rentPriceOf(prices: unknown[]): number | null {
  for (const p of prices) {
    const element = record(p) ?? {};
    const price = Number(attr(element, 'price'));
    const currency = attr(element, 'currency').toUpperCase() || 'USD';
    if (attr(element, 'type') === 'rent' && currency === 'USD' && price > 0) return price;
  }
  return null;
}

function restrictionOf(value: unknown): FeedItem['restriction'] {
  const node = list(value)[0];
  const element = record(node);
  if (!element || attr(element, 'type') !== 'country') return null;
  const relationship = attr(element, 'relationship') === 'deny' ? 'deny' : 'allow';
  return { relationship, countries: text(node).toLowerCase().split(/\s+/).filter(Boolean) };
}

function absoluteUrl(value: string, base: string): string | null {
  if (!value || value.length > LIMITS.url) return null;
  try {
    const url = new URL(value, base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : null;
  } catch {
    return null;
  }
}

function stripHtml(value: string): string {
  return value
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/[ \t]+/g, ' ')
    .trim();
}

function date(value: string): Date | null {
  if (!value) return null;
  const parsed = new Date(value);
  return Number.isNaN(parsed.getTime()) ? null : parsed;
}

function positiveNumber(value: string): number | null {
  const n = Number(value);
  return value !== '' && Number.isFinite(n) && n > 0 ? n : null;
}

function record(value: unknown): Record<string, unknown> | null {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

function list(value: unknown): unknown[] {
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? value : [value];
}

/** An element's text, whether the parser gave a plain string or an object with attributes. */
function text(value: unknown): string {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number') return String(value);
  const element = record(value);
  const inner = element?.['#text'];
  return typeof inner === 'string' ? inner.trim() : '';
}

function attr(element: Record<string, unknown>, name: string): string {
  const value = element[`@${name}`];
  return typeof value === 'string' ? value.trim() : '';
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}
