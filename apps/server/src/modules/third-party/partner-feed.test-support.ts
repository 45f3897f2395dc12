import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

export interface PartnerItem {
  guid: string;
  title: string;
  categories?: string[];
  /** Omit for an item the sync must skip. */
  mediaUrl?: string | null;
  trailerUrl?: string;
  pubDate?: string;
  price?: boolean;
  /** Default: a one-line description. */
  description?: string;
  /** Thumbnail URLs instead of the server's own poster and still. */
  thumbnails?: string[];
}

/** A fixed answer for one path (redirects, hostile documents, oversized bodies). */
export interface CannedResponse {
  status: number;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

type Behaviour = 'normal' | 'cut-off' | 'error-500' | 'malformed';

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
  };
  const poster = await sharp({ create: { width: 220, height: 320, channels: 3, background: '#335577' } }).png().toBuffer();
  const wide = await sharp({ create: { width: 640, height: 360, channels: 3, background: '#775533' } }).png().toBuffer();

  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    state.requests.push({ url: req.url ?? '', ifNoneMatch: req.headers['if-none-match'] });
    const canned = state.routes.get(req.url ?? '');
    if (canned) return void res.writeHead(canned.status, canned.headers).end(canned.body);
    if (req.url?.startsWith('/img/')) {
      res.writeHead(200, { 'content-type': 'image/png' }).end(req.url.includes('poster') ? poster : wide);
      return;
    }
    const etag = `"v${state.version}"`;
    if (state.behaviour === 'error-500') return void res.writeHead(500).end('upstream down');
    if (state.behaviour === 'malformed') return void res.writeHead(200, { 'content-type': 'application/rss+xml' }).end('<rss><channel><item>');
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

export function feedXml(items: PartnerItem[], origin: string): string {
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
      <media:credit role="director">Ada Lovelace</media:credit>
      ${item.price ? '<media:price type="subscription"/><media:price type="rent" price="2.99" currency="USD"/>' : ''}
    </item>`,
    )
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/"><channel><title>Test Partner</title>${body}
</channel></rss>`;
}

/** A WorkerLog that keeps what it was told, for assertions (and keeps the test output quiet). */
export function memoryLog() {
  const entries: { level: string; fields: Record<string, unknown>; message?: string }[] = [];
  const at = (level: string) => (fields: object, message?: string) => void entries.push({ level, fields: fields as Record<string, unknown>, message });
  return { entries, info: at('info'), warn: at('warn'), error: at('error') };
}
