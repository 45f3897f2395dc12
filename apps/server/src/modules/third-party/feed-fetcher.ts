import { FeedFetchError, partnerGet } from './partner-http';

export { FeedFetchError };

/** What a conditional GET of a feed returned. */
export type FeedResponse =
  | { status: 'not-modified' }
  | { status: 'ok'; body: string; etag: string | null; lastModified: string | null };

/**
 * The most items read (10,000, mrss-parser.ts LIMITS) at about 1.6 kB each, thumbnails and credits
 * included: a catalogue's whole feed. Anything far larger is not a feed.
 */
export const MAX_FEED_BYTES = 16 * 1024 * 1024;
/** Posters and stills are re-encoded to WebP; a source image larger than this is not artwork. */
export const MAX_IMAGE_BYTES = 8 * 1024 * 1024;

/** Where partner fetches may go beyond the public internet (THIRD_PARTY_ALLOWED_ORIGINS). */
export interface PartnerFetchPolicy {
  allowedOrigins: readonly string[];
}

/**
 * GETs a feed with the validators of the last good response (RFC 9110 §13): a 304 costs the
 * partner and us nothing. The whole body is read before anything is parsed, so a connection that
 * drops half-way is an error, never a truncated feed.
 */
export async function fetchFeed(input: { url: string; etag: string | null; lastModified: string | null; policy: PartnerFetchPolicy }): Promise<FeedResponse> {
  const headers: Record<string, string> = { accept: 'application/rss+xml, application/xml;q=0.9, text/xml;q=0.8, */*;q=0.1' };
  if (input.etag) headers['if-none-match'] = input.etag;
  if (input.lastModified) headers['if-modified-since'] = input.lastModified;
  const response = await partnerGet(input.url, { headers, maxBytes: MAX_FEED_BYTES, allowedOrigins: input.policy.allowedOrigins });
  if (response.status === 304) return { status: 'not-modified' };
  if (response.status < 200 || response.status >= 300) throw new FeedFetchError(`HTTP ${response.status} from ${response.url}`);
  return { status: 'ok', body: new TextDecoder().decode(response.body), etag: header(response.headers.etag), lastModified: header(response.headers['last-modified']) };
}

/** An image a feed points at, as bytes (artwork is fetched once per URL, then stored by us). */
export async function fetchImage(url: string, policy: PartnerFetchPolicy): Promise<Buffer> {
  const response = await partnerGet(url, { headers: { accept: 'image/*' }, maxBytes: MAX_IMAGE_BYTES, allowedOrigins: policy.allowedOrigins });
  if (response.status < 200 || response.status >= 300) throw new FeedFetchError(`HTTP ${response.status} from ${response.url}`);
  return response.body;
}

function header(value: string | string[] | undefined): string | null {
  return typeof value === 'string' ? value : null;
}
