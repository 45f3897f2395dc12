import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { promises as dns } from 'node:dns';
import http, { type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { nonPublicRange } from '../../lib/public-address';

export class FeedFetchError extends Error {
  override name = 'FeedFetchError';
}

/** What a partner's server answered, its body read in full (empty unless 2xx). */
export interface PartnerResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** The URL that answered, after redirects. */
  url: string;
}

export interface PartnerGet {
  headers: Record<string, string>;
  maxBytes: number;
  /** Origins that may resolve to non-public addresses (THIRD_PARTY_ALLOWED_ORIGINS). */
  allowedOrigins: readonly string[];
  timeoutMs?: number;
}

const MAX_REDIRECTS = 5;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * A GET on a URL a partner gave us, which must not reach our own network (server-side request
 * forgery): every hop's host is resolved here, refused unless every address is public, and the
 * connection is made to the address that was checked — the socket never asks DNS again, so a
 * name that answers differently a moment later (rebinding) cannot slip through. Redirects are
 * followed by hand, each one checked the same way, at most five.
 */
export async function partnerGet(url: string, options: PartnerGet): Promise<PartnerResponse> {
  const signal = AbortSignal.timeout(options.timeoutMs ?? 30_000);
  let current = parseHttpUrl(url);
  for (let hop = 0; ; hop++) {
    const lookup = await pinnedLookup(current, options.allowedOrigins);
    const response = await send(current, { headers: options.headers, lookup, signal });
    const location = response.headers.location;
    if (REDIRECTS.has(response.statusCode ?? 0) && location) {
      response.resume();
      if (hop >= MAX_REDIRECTS) throw new FeedFetchError(`more than ${MAX_REDIRECTS} redirects from ${url}`);
      current = parseHttpUrl(new URL(location, current).toString());
      continue;
    }
    const status = response.statusCode ?? 0;
    const ok = status >= 200 && status < 300;
    if (!ok) response.resume();
    const body = ok ? await readCapped(response, options.maxBytes, current) : Buffer.alloc(0);
    return { status, headers: response.headers, body, url: current.toString() };
  }
}

function parseHttpUrl(value: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new FeedFetchError(`not a URL: ${value}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new FeedFetchError(`refused ${value}: only http and https are fetched`);
  return url;
}

/**
 * The lookup the socket will use: the one checked address of a host that is not allowed to be
 * private, or the system's own for an allowed origin. IP literals are checked here too, since a
 * socket never looks them up.
 */
async function pinnedLookup(url: URL, allowedOrigins: readonly string[]): Promise<LookupFunction> {
  if (allowedOrigins.includes(url.origin)) return dnsLookup;
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: LookupAddress[];
  if (isIP(host)) {
    addresses = [{ address: host, family: isIP(host) }];
  } else {
    try {
      addresses = await dns.lookup(host, { all: true, verbatim: true });
    } catch (error) {
      throw new FeedFetchError(`cannot reach ${url.toString()}: ${reason(error)}`);
    }
  }
  for (const { address } of addresses) {
    const range = nonPublicRange(address);
    if (range) {
      throw new FeedFetchError(
        `refused ${url.toString()}: ${host} is a ${range} address (${address}), not a public one; list ${url.origin} in THIRD_PARTY_ALLOWED_ORIGINS if it is a trusted partner`,
      );
    }
  }
  const [chosen] = addresses;
  if (!chosen) throw new FeedFetchError(`cannot reach ${url.toString()}: ${host} has no address`);
  return ((_hostname: string, lookupOptions: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (lookupOptions.all) callback(null, [chosen]);
    else callback(null, chosen.address, chosen.family);
  }) as LookupFunction;
}

function send(url: URL, input: { headers: Record<string, string>; lookup: LookupFunction; signal: AbortSignal }): Promise<IncomingMessage> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.get(url, { headers: input.headers, lookup: input.lookup, signal: input.signal, agent: false }, resolve);
    request.on('error', (error) => reject(new FeedFetchError(`cannot reach ${url.toString()}: ${reason(error)}`)));
  });
}

async function readCapped(response: IncomingMessage, limit: number, url: URL): Promise<Buffer> {
  const declared = Number(response.headers['content-length'] ?? 0);
  if (declared > limit) {
    response.destroy();
    throw new FeedFetchError(`response of ${declared} bytes from ${url.toString()} is over the ${limit}-byte limit`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of response as AsyncIterable<Buffer>) {
      size += chunk.byteLength;
      if (size > limit) {
        response.destroy();
        throw new FeedFetchError(`response from ${url.toString()} is over the ${limit}-byte limit`);
      }
      chunks.push(chunk);
    }
  } catch (error) {
    if (error instanceof FeedFetchError) throw error;
    throw new FeedFetchError(`the response from ${url.toString()} broke off after ${size} bytes: ${reason(error)}`);
  }
  // A body shorter than its Content-Length is a connection that dropped half-way.
  if (!response.complete) throw new FeedFetchError(`the response from ${url.toString()} broke off after ${size} bytes`);
  return Buffer.concat(chunks);
}

function reason(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return error instanceof Error ? `${error.message}${cause}` : String(error);
}
