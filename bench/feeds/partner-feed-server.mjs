// A partner's Media RSS feeds for the feeds benchmark, in a process of its own so serving them costs
// the measured process nothing. Plain items as partners export them at scale: guid, title,
// description, publication date, one HLS media:content, one media:category, no artwork.
//   /a.xml           feed A, with an ETag and Last-Modified, answering 304 to either
//   /a-ignoring.xml  feed A's items, no validators, and a lastBuildDate that changes every time:
//                    a server that ignores conditional requests, whose document never repeats
//   /b.xml           feed B: as many other items
// Usage: node partner-feed-server.mjs <items>   (prints "LISTENING http://127.0.0.1:<port>")
import { createServer } from 'node:http';

const count = Number(process.argv[2]);
if (!Number.isInteger(count) || count < 1) throw new Error('usage: node partner-feed-server.mjs <items>');

const LAST_MODIFIED = 'Mon, 02 Feb 2026 08:00:00 GMT';

function items(prefix) {
  const out = [];
  for (let i = 0; i < count; i += 1) {
    const day = new Date(Date.UTC(2025, 0, 1) + i * 3_600_000).toUTCString();
    out.push(`<item>
  <guid isPermaLink="false">${prefix}-${i}</guid>
  <title>Partner ${prefix.toUpperCase()} Feature ${i}</title>
  <description>A plain catalogue item, number ${i} of partner ${prefix.toUpperCase()}: a story told in ninety minutes, its cast and crew named on the partner's own site.</description>
  <pubDate>${day}</pubDate>
  <media:content url="https://cdn.partner.example/${prefix}/${i}/master.m3u8" type="application/x-mpegURL" duration="5400"/>
  <media:category>Collection ${i % 20}</media:category>
</item>`);
  }
  return out.join('\n');
}

const document = (body, extra = '') =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/"><channel><title>Bench Partner</title>${extra}\n${body}\n</channel></rss>`;
const feedA = items('a');
const bodies = { '/a.xml': Buffer.from(document(feedA)), '/b.xml': Buffer.from(document(items('b'))) };

const server = createServer((req, res) => {
  const type = { 'content-type': 'application/rss+xml' };
  if (req.url === '/a-ignoring.xml') return void res.writeHead(200, type).end(document(feedA, `<lastBuildDate>${new Date().toUTCString()}</lastBuildDate>`));
  const body = bodies[req.url];
  if (!body) return void res.writeHead(404).end();
  const etag = `"${req.url}-1"`;
  if (req.headers['if-none-match'] === etag || req.headers['if-modified-since'] === LAST_MODIFIED) return void res.writeHead(304, { etag }).end();
  res.writeHead(200, { ...type, etag, 'last-modified': LAST_MODIFIED }).end(body);
});
server.listen(0, '127.0.0.1', () => process.stdout.write(`LISTENING http://127.0.0.1:${server.address().port} ${bodies['/a.xml'].length}\n`));
process.once('SIGTERM', () => server.close(() => process.exit(0)));
