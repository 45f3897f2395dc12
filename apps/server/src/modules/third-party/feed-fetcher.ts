/** What a conditional GET of a feed returned. */
export type FeedResponse =
  | { status: 'not-modified' }
  | { status: 'ok'; body: string; etag: string | null; lastModified: string | null };

export class FeedFetchError extends Error {
  override name = 'FeedFetchError';
}

/** A partner feed of a few thousand items is a few MB; anything far larger is not a feed. */
const MAX_FEED_BYTES = 32 * 1024 * 1024;
const MAX_IMAGE_BYTES = 16 * 1024 * 1024;
const TIMEOUT_MS = 30_000;

/**
 * GETs a feed with the validators of the last good response (RFC 9110 §13): a 304 costs the
 * partner and us nothing. The whole body is read before anything is parsed, so a connection that
 * drops half-way is an error, never a truncated feed.
 */
export async function fetchFeed(input: { url: string; etag: string | null; lastModified: string | null }): Promise<FeedResponse> {
  const headers: Record<string, string> = { accept: 'application/rss+xml, application/xml;q=0.9, text/xml;q=0.8, */*;q=0.1' };
  if (input.etag) headers['if-none-match'] = input.etag;
  if (input.lastModified) headers['if-modified-since'] = input.lastModified;
  const response = await request(input.url, headers);
  if (response.status === 304) {
    await response.body?.cancel();
    return { status: 'not-modified' };
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new FeedFetchError(`HTTP ${response.status} from ${input.url}`);
  }
  const body = new TextDecoder().decode(await readCapped(response, MAX_FEED_BYTES));
  return { status: 'ok', body, etag: response.headers.get('etag'), lastModified: response.headers.get('last-modified') };
}

/** An image a feed points at, as bytes (artwork is fetched once per URL, then stored by us). */
export async function fetchImage(url: string): Promise<Buffer> {
  const response = await request(url, { accept: 'image/*' });
  if (!response.ok) {
    await response.body?.cancel();
    throw new FeedFetchError(`HTTP ${response.status} from ${url}`);
  }
  return Buffer.from(await readCapped(response, MAX_IMAGE_BYTES));
}

async function request(url: string, headers: Record<string, string>): Promise<Response> {
  try {
    return await fetch(url, { headers, redirect: 'follow', signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (error) {
    throw new FeedFetchError(`cannot reach ${url}: ${reason(error)}`);
  }
}

async function readCapped(response: Response, limit: number): Promise<Uint8Array> {
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > limit) throw new FeedFetchError(`response of ${declared} bytes is over the ${limit}-byte limit`);
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for await (const chunk of response.body ?? []) {
      size += chunk.byteLength;
      if (size > limit) throw new FeedFetchError(`response is over the ${limit}-byte limit`);
      chunks.push(chunk);
    }
  } catch (error) {
    if (error instanceof FeedFetchError) throw error;
    throw new FeedFetchError(`the response from ${response.url} broke off after ${size} bytes: ${reason(error)}`);
  }
  return Buffer.concat(chunks);
}

function reason(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return error instanceof Error ? `${error.message}${cause}` : String(error);
}
