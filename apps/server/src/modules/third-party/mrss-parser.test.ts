import { describe, expect, it } from 'vitest';
import { FeedFormatError, parseMrss } from './mrss-parser';

const feedUrl = 'https://partner.example/feeds/catalogue.xml';

/** Shaped like the feeds video platforms export: namespaces, CDATA, media:group, optional fields left out. */
const realWorldFeed = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dcterms="http://purl.org/dc/terms/">
  <channel>
    <title>Northlight Films</title>
    <atom:link href="${feedUrl}" rel="self" type="application/rss+xml"/>
    <item>
      <title><![CDATA[Salt & Stone]]></title>
      <link>https://partner.example/watch/salt-and-stone</link>
      <description><![CDATA[<p>A quarry town <b>holds its breath</b>.</p>]]></description>
      <guid isPermaLink="false">nl-0001</guid>
      <pubDate>Tue, 03 Feb 2026 10:00:00 GMT</pubDate>
      <media:content url="https://cdn.partner.example/salt/master.m3u8" type="application/x-mpegURL" medium="video" duration="5400" lang="fr"/>
      <media:content url="https://cdn.partner.example/salt/trailer.mp4" type="video/mp4" expression="sample" duration="90"/>
      <media:thumbnail url="https://cdn.partner.example/salt/poster.jpg" width="440" height="640"/>
      <media:thumbnail url="/salt/wide.jpg" width="1280" height="720"/>
      <media:category scheme="urn:northlight:collections">Festival Favourites</media:category>
      <media:category>Drama</media:category>
      <media:credit role="director" scheme="urn:ebu">Anouk Lemaire</media:credit>
      <media:credit role="actor">Tom Rivas</media:credit>
      <media:rating scheme="urn:mpaa">pg-13</media:rating>
      <media:restriction relationship="allow" type="country">fr be ca</media:restriction>
      <media:price type="subscription"/>
      <media:price type="rent" price="3.99" currency="USD"/>
    </item>
    <item>
      <title>Short Without Extras</title>
      <guid>nl-0002</guid>
      <media:group>
        <media:content url="https://cdn.partner.example/short.mp4" medium="video"/>
        <media:title type="plain">Short Without Extras (Director's Cut)</media:title>
      </media:group>
    </item>
    <item>
      <title>Only a Web Page</title>
      <guid>nl-0003</guid>
      <media:content url="https://cdn.partner.example/three.webm" type="video/webm"/>
    </item>
    <item>
      <title>No Identity</title>
      <media:content url="https://cdn.partner.example/four.m3u8"/>
    </item>
  </channel>
</rss>`;

describe('parseMrss', () => {
  it('reads every field of a complete item, CDATA and entities included', async () => {
    const feed = await parseMrss(realWorldFeed, { feedUrl });
    expect(feed.title).toBe('Northlight Films');
    const [salt] = feed.items;
    expect(salt).toMatchObject({
      guid: 'nl-0001',
      title: 'Salt & Stone',
      description: 'A quarry town holds its breath.',
      media: { url: 'https://cdn.partner.example/salt/master.m3u8', type: 'application/vnd.apple.mpegurl', durationSeconds: 5400 },
      trailerUrl: 'https://cdn.partner.example/salt/trailer.mp4',
      categories: ['Festival Favourites', 'Drama'],
      credits: [
        { name: 'Anouk Lemaire', role: 'director' },
        { name: 'Tom Rivas', role: 'actor' },
      ],
      ageLimit: 13,
      isFree: false,
      rentPrice: 3.99,
      language: 'fr',
      restriction: { relationship: 'allow', countries: ['fr', 'be', 'ca'] },
    });
    expect(salt!.publishedAt?.toISOString()).toBe('2026-02-03T10:00:00.000Z');
    // A relative thumbnail URL is resolved against the feed's address.
    expect(salt!.thumbnails.map((t) => t.url)).toEqual(['https://cdn.partner.example/salt/poster.jpg', 'https://partner.example/salt/wide.jpg']);
  });

  it('takes media:group content and leaves optional fields at their defaults', async () => {
    const short = (await parseMrss(realWorldFeed, { feedUrl })).items[1];
    expect(short).toMatchObject({
      guid: 'nl-0002',
      title: "Short Without Extras (Director's Cut)",
      description: '',
      media: { url: 'https://cdn.partner.example/short.mp4', type: 'video/mp4', durationSeconds: null },
      trailerUrl: null,
      thumbnails: [],
      categories: [],
      credits: [],
      ageLimit: 0,
      isFree: true,
      rentPrice: null,
      language: null,
      publishedAt: null,
      restriction: null,
    });
  });

  it('skips items without a playable media URL or without a guid, with the reason, and keeps the rest', async () => {
    const feed = await parseMrss(realWorldFeed, { feedUrl });
    expect(feed.items.map((i) => i.guid)).toEqual(['nl-0001', 'nl-0002']);
    expect(feed.skipped).toEqual([
      { guid: 'nl-0003', reason: 'no media:content with an HLS or MP4 URL' },
      { guid: null, reason: 'no guid' },
    ]);
  });

  it('finds the MRSS namespace under another prefix', async () => {
    const xml = `<rss version="2.0" xmlns:m="http://search.yahoo.com/mrss/"><channel><title>P</title>
      <item><guid>a</guid><title>A</title><m:content url="https://x.example/a.m3u8"/><m:category>Docs</m:category></item>
    </channel></rss>`;
    const [item] = (await parseMrss(xml, { feedUrl })).items;
    expect(item).toMatchObject({ guid: 'a', media: { url: 'https://x.example/a.m3u8' }, categories: ['Docs'] });
  });

  it('treats a single item (no array) like a list', async () => {
    const xml = `<rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/"><channel><title>P</title>
      <item><guid>only</guid><title>Only</title><media:content url="https://x.example/o.mp4" type="video/mp4"/></item>
    </channel></rss>`;
    expect((await parseMrss(xml, { feedUrl })).items.map((i) => i.guid)).toEqual(['only']);
  });

  it('rejects malformed XML and documents that are not RSS as a whole', async () => {
    await expect(parseMrss('<rss><channel><item><title>Cut off', { feedUrl })).rejects.toThrow(FeedFormatError);
    await expect(parseMrss('<feed xmlns="http://www.w3.org/2005/Atom"><title>Atom</title></feed>', { feedUrl })).rejects.toThrow(/not an RSS 2.0 feed/);
  });

  it('refuses media URLs that are not http(s)', async () => {
    const xml = `<rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/"><channel><title>P</title>
      <item><guid>js</guid><title>JS</title><media:content url="javascript:alert(1)" type="video/mp4"/></item>
    </channel></rss>`;
    expect((await parseMrss(xml, { feedUrl })).skipped).toEqual([{ guid: 'js', reason: 'no media:content with an HLS or MP4 URL' }]);
  });

  it('reads a long feed a group of items at a time, in order, letting the event loop run between groups', async () => {
    const items = Array.from(
      { length: 450 },
      (_, i) => `<item><!-- </item> --><guid>g-${i}</guid><title><![CDATA[Title </item> ${i}]]></title><media:content url="https://x.example/${i}.m3u8"/></item>`,
    );
    const xml = `<rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/"><channel><title>P</title>${items.join('\n')}</channel></rss>`;
    let turns = 0;
    const counter = setInterval(() => turns++, 0);
    const feed = await parseMrss(xml, { feedUrl }).finally(() => clearInterval(counter));
    expect(feed.items.map((i) => i.guid)).toEqual(items.map((_, i) => `g-${i}`));
    expect(feed.items[449]!.title).toBe('Title </item> 449');
    expect(turns).toBeGreaterThan(0);
  });

  it("expands a DOCTYPE's own entities in every item", async () => {
    const xml = `<?xml version="1.0"?><!DOCTYPE rss [<!ENTITY studio "Northlight Films">]>
      <rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/"><channel><title>&studio;</title>
      <item><guid>d</guid><title>A &studio; Picture</title><media:content url="https://x.example/d.m3u8"/></item>
    </channel></rss>`;
    const feed = await parseMrss(xml, { feedUrl });
    expect(feed.title).toBe('Northlight Films');
    expect(feed.items[0]!.title).toBe('A Northlight Films Picture');
  });
});
