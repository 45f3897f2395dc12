import { DEMO_PARTNER_NAME, demoPartnerTitles, type DemoPartnerTitle } from './demo-partner-titles';

/**
 * The feed's XML. `base` is the demo partner's address as the client reached it (thumbnails and
 * media are absolute URLs, as in partners' feeds). One item deliberately has no media URL: a
 * real feed carries the odd broken item, and the import skips it with a logged reason.
 */
export function demoPartnerFeedXml(base: string): string {
  const items = demoPartnerTitles.map((title) => itemXml(title, base)).join('');
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/" xmlns:atom="http://www.w3.org/2005/Atom">
  <channel>
    <title>${DEMO_PARTNER_NAME}</title>
    <link>${base}/</link>
    <description>Independent films, nature documentaries and late-night classics.</description>
    <atom:link href="${base}/feed.xml" rel="self" type="application/rss+xml"/>${items}
    <item>
      <title>Coming Soon: Untitled Project</title>
      <guid isPermaLink="false">lf-draft</guid>
      <description>Announced, not yet delivered.</description>
    </item>
  </channel>
</rss>
`;
}

function itemXml(title: DemoPartnerTitle, base: string): string {
  return `
    <item>
      <title><![CDATA[${title.title}]]></title>
      <link>${base}/watch/${title.slug}</link>
      <guid isPermaLink="false">${title.guid}</guid>
      <pubDate>${new Date(`${title.published}T12:00:00Z`).toUTCString()}</pubDate>
      <description><![CDATA[<p>${title.description}</p>]]></description>
      <media:content url="${base}/media/feature/master.m3u8" type="application/x-mpegURL" medium="video" duration="${title.minutes * 60}" lang="${title.lang}"/>
      <media:content url="${base}/media/trailer/master.m3u8" type="application/x-mpegURL" medium="video" expression="sample" duration="16"/>
      <media:title type="plain">${title.title}</media:title>
      <media:thumbnail url="${base}/images/${title.slug}-poster.jpg" width="440" height="640"/>
      <media:thumbnail url="${base}/images/${title.slug}-wide.jpg" width="1280" height="720"/>
      <media:category scheme="urn:lanternfish:collection">${title.collection}</media:category>
      ${title.credits.map(([name, role]) => `<media:credit role="${role}" scheme="urn:ebu">${name}</media:credit>`).join('\n      ')}
      <media:rating scheme="urn:mpaa">${title.rating}</media:rating>${title.subscription ? '\n      <media:price type="subscription"/>\n      <media:price type="rent" price="2.99" currency="USD"/>' : ''}
    </item>`;
}
