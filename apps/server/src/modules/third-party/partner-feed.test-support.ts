import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { Executor } from '../../db/client';

export interface PartnerItem {
  guid: string;
  title: string;
  categories?: string[];
  /** Omit for an item the sync must skip. */
  mediaUrl?: string | null;
  trailerUrl?: string;
  pubDate?: string;
  /** For subscribers, and for rent at 2.99 USD or at this price. */
  price?: boolean | string;
  /** Default: a one-line description. */
  description?: string;
  /** Thumbnail URLs instead of the server's own poster and still; [] for none. */
  thumbnails?: string[];
  /** media:credit names (directors); default one. */
  credits?: string[];
}

/** A fixed answer for one path (redirects, hostile documents, oversized bodies). */
export interface CannedResponse {
  status: number;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

/** 'ignoring-validators': no ETag or Last-Modified, a 200 every time, and a channel date that changes with each answer. */
type Behaviour = 'normal' | 'cut-off' | 'error-500' | 'malformed' | 'ignoring-validators';

/**
 * A partner's feed server on loopback, following RSS 2.0 + Media RSS and HTTP's conditional GET:
 * the sync talks to it over real HTTP. Its items, and how it misbehaves, change between requests.
 */
export async function startPartnerServer() {
  const state = {
    items: [] as PartnerItem[],
    behaviour: 'normal' as Behaviour,
    version: 1,
    requests: [] as { url: string; ifNoneMatch?: string }[],
    routes: new Map<string, CannedResponse>(),
    /** While set, image requests wait for it: a sync held half-way, to look at it. */
    imagesHeld: null as Promise<void> | null,
  };
  const poster = await sharp({ create: { width: 220, height: 320, channels: 3, background: '#335577' } }).png().toBuffer();
  const wide = await sharp({ create: { width: 640, height: 360, channels: 3, background: '#775533' } }).png().toBuffer();

  const server: Server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    state.requests.push({ url: req.url ?? '', ifNoneMatch: req.headers['if-none-match'] });
    const canned = state.routes.get(req.url ?? '');
    if (canned) return void res.writeHead(canned.status, canned.headers).end(canned.body);
    if (req.url?.startsWith('/img/')) {
      await state.imagesHeld;
      res.writeHead(200, { 'content-type': 'image/png' }).end(req.url.includes('poster') ? poster : wide);
      return;
    }
    const etag = `"v${state.version}"`;
    if (state.behaviour === 'error-500') return void res.writeHead(500).end('upstream down');
    if (state.behaviour === 'malformed') return void res.writeHead(200, { 'content-type': 'application/rss+xml' }).end('<rss><channel><item>');
    if (state.behaviour === 'ignoring-validators') {
      const channelDate = `<lastBuildDate>${new Date(Date.now() + state.requests.length * 1000).toUTCString()}</lastBuildDate>`;
      return void res.writeHead(200, { 'content-type': 'application/rss+xml' }).end(feedXml(state.items, origin(), channelDate));
    }
    if (req.headers['if-none-match'] === etag) return void res.writeHead(304, { etag }).end();
    const body = Buffer.from(feedXml(state.items, origin()));
    if (state.behaviour === 'cut-off') {
      // Promise the whole feed, send half of it, then drop the connection.
      res.writeHead(200, { 'content-type': 'application/rss+xml', 'content-length': String(body.length), etag });
      res.write(body.subarray(0, Math.floor(body.length / 2)), () => res.destroy());
      return;
    }
    res.writeHead(200, { 'content-type': 'application/rss+xml', etag, 'last-modified': 'Mon, 02 Feb 2026 08:00:00 GMT' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    state,
    origin: origin(),
    feedUrl: `${origin()}/feed.xml`,
    /** Replaces the feed's items (a new version: a new ETag). */
    publish(items: PartnerItem[]) {
      state.items = items;
      state.version += 1;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export function feedXml(items: PartnerItem[], origin: string, channelExtra = ''): string {
  const body = items
    .map(
      (item) => `
    <item>
      <title><![CDATA[${item.title}]]></title>
      <guid isPermaLink="false">${item.guid}</guid>
      ${item.pubDate ? `<pubDate>${item.pubDate}</pubDate>` : ''}
      ${item.mediaUrl === null ? '' : `<media:content url="${item.mediaUrl ?? `https://cdn.partner.example/${item.guid}/master.m3u8`}" type="application/x-mpegURL" duration="3600"/>`}
      ${item.trailerUrl ? `<media:content url="${item.trailerUrl}" type="video/mp4" expression="sample"/>` : ''}
      <media:description>${item.description ?? `About ${item.title}.`}</media:description>
      ${
        item.thumbnails
          ? item.thumbnails.map((url) => `<media:thumbnail url="${url}"/>`).join('')
          : `<media:thumbnail url="${origin}/img/${item.guid}-poster.png" width="220" height="320"/>
      <media:thumbnail url="${origin}/img/${item.guid}-wide.png" width="640" height="360"/>`
      }
      ${(item.categories ?? []).map((c) => `<media:category>${c}</media:category>`).join('')}
      ${(item.credits ?? ['Ada Lovelace']).map((name) => `<media:credit role="director">${name}</media:credit>`).join('')}
      ${item.price ? `<media:price type="subscription"/><media:price type="rent" price="${item.price === true ? '2.99' : item.price}" currency="USD"/>` : ''}
    </item>`,
    )
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/"><channel><title>Test Partner</title>${channelExtra}${body}
</channel></rss>`;
}

/** A WorkerLog that keeps what it was told, for assertions (and keeps the test output quiet). */
export function memoryLog() {
  const entries: { level: string; fields: Record<string, unknown>; message?: string }[] = [];
  const at = (level: string) => (fields: object, message?: string) => void entries.push({ level, fields: fields as Record<string, unknown>, message });
  return { entries, info: at('info'), warn: at('warn'), error: at('error') };
}

/**
 * The items of the outside report: guid, title, description, one HLS media:content, one
 * media:category, no artwork (and no credit).
 */
export function plainItems(count: number, prefix = 'plain'): PartnerItem[] {
  return Array.from({ length: count }, (_, i) => ({
    guid: `${prefix}-${i}`,
    title: `Plain Feature ${i}`,
    description: `Item ${i} of a partner's whole catalogue.`,
    categories: [`Collection ${i % 7}`],
    thumbnails: [],
    credits: [],
  }));
}

/**
 * Every partner row's version (xmin): a row rewritten, even to the same values, gets a new one.
 * Keyed by table and row, so two snapshots tell which rows a sync wrote.
 */
export async function partnerRowVersions(db: Executor): Promise<Map<string, string>> {
  const { rows } = await db.execute<{ k: string; v: string }>(sql`
    select 'titles ' || t.slug as k, t.xmin::text as v from titles t where t.is_third_party
    union all select 'third_party_items ' || t.slug, i.xmin::text from third_party_items i join titles t on t.id = i.title_id
    union all select 'title_genres ' || t.slug || ' ' || g.genre_id, g.xmin::text from title_genres g join titles t on t.id = g.title_id where t.is_third_party`);
  return new Map(rows.map((r) => [r.k, r.v]));
}

/** The rows written between two snapshots (new or rewritten), and the rows gone. */
export function rowsWritten(before: Map<string, string>, after: Map<string, string>): string[] {
  const written = [...after].filter(([key, version]) => before.get(key) !== version).map(([key]) => key);
  const gone = [...before.keys()].filter((key) => !after.has(key));
  return [...written, ...gone].sort();
}
