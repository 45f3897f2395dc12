import { buildPath, type Endpoint, type HttpMethod } from '@marquee/contract';
import fc from 'fast-check';
import { arbitraryOf, hostileValue, type ArbitraryOptions } from './zod-arbitrary';

export interface FuzzRequest {
  method: HttpMethod;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const BOUNDARY = 'fuzzBoundary7MA4YWxk';

/** Path segments that have confused routers and decoders: NUL, bad and overlong %-encodings, dots. */
const oddSegment = fc.constantFrom('%00', 'a%00b', '%zz', '%', '%C0%AE', '%E0%80%AF', '%F0%9F%8E%AC', '%2e%2e', '..', '%2F', 'a%2Fb', '%25', '%u0041', '+', '%20', '%FF%FE');

/** A request made from the endpoint's own schemas: mostly valid values, some hostile ones. */
export function requestArbitrary(endpoint: Endpoint, hostile: boolean, known?: ArbitraryOptions['known']): fc.Arbitrary<FuzzRequest> {
  const options = { hostile, known };
  const params = endpoint.params ? arbitraryOf(endpoint.params, { hostile: false, known }) : fc.constant({});
  const slugParam = known?.slugs.length ? fc.option(fc.constantFrom(...known.slugs), { nil: undefined }) : fc.constant(undefined);
  const rawSegments = fc.array(fc.option(oddSegment, { nil: undefined, freq: 2 }), { maxLength: 3 });
  const query = endpoint.query ? arbitraryOf(endpoint.query, options) : fc.constant(undefined);
  const body = endpoint.body ? arbitraryOf(endpoint.body, options) : fc.option(hostileValue, { nil: undefined, freq: 3 });
  const asForm = endpoint.multipart ? fc.boolean() : fc.constant(false);
  const file = fc.option(fc.uint8Array({ maxLength: 256 }), { nil: undefined });
  return fc.record({ params, slug: slugParam, rawSegments, query, body, asForm, file }).map(({ params, slug, rawSegments, query, body, asForm, file }) => {
    // Title pages are addressed by slug (/movie-name/:name): some requests name one that exists.
    if (slug !== undefined && 'name' in asRecord(params)) params = { ...asRecord(params), name: slug };
    // A URL cannot carry a lone surrogate (encodeURIComponent throws): it becomes U+FFFD, as browsers send it.
    const values = Object.fromEntries(Object.entries(asRecord(params)).map(([k, v]) => [k, String(v ?? '').replace(LONE_SURROGATE, '\uFFFD')]));
    let path = buildPath(endpoint.path, values);
    // With hostile values, some path parameters are replaced by raw odd segments.
    if (hostile) {
      const names = [...endpoint.path.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]!);
      names.forEach((name, i) => {
        const odd = rawSegments[i];
        if (odd !== undefined) path = buildPath(endpoint.path, { ...values, [name]: '\u0001' }).replace(encodeURIComponent('\u0001'), odd);
      });
    }
    const search = encodeQuery(query);
    const request: FuzzRequest = { method: endpoint.method, url: search ? `${path}?${search}` : path, headers: {} };
    if (endpoint.method === 'GET' || endpoint.method === 'DELETE') return request;
    if (asForm) {
      request.headers['content-type'] = `multipart/form-data; boundary=${BOUNDARY}`;
      request.payload = multipart(asRecord(body), file ? Buffer.from(file) : undefined);
    } else if (body !== undefined) {
      request.headers['content-type'] = 'application/json';
      request.payload = JSON.stringify(body) ?? 'null';
    }
    return request;
  });
}

function asRecord(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : { value };
}

function encodeQuery(query: unknown): string {
  if (query === undefined) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(asRecord(query))) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) search.append(key, typeof item === 'object' ? JSON.stringify(item) : String(item));
  }
  return search.toString();
}

function multipart(fields: Record<string, unknown>, file: Buffer | undefined): Buffer {
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    const text = typeof value === 'string' ? value : JSON.stringify(value) ?? '';
    parts.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${text}\r\n`));
  }
  if (file) {
    parts.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="image"; filename="f.png"\r\nContent-Type: image/png\r\n\r\n`));
    parts.push(file, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(parts);
}

/** Bodies and headers no schema describes: broken forms, wrong types, huge, deep, invalid UTF-8. */
interface RawBody {
  headers: Record<string, string>;
  payload: string | Buffer;
}

export const hostileBody: fc.Arbitrary<RawBody> = fc.oneof(
  fc.constantFrom<RawBody>(
    { headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` }, payload: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="name"\r\n\r\ntrunc` },
    { headers: { 'content-type': 'multipart/form-data' }, payload: 'no boundary at all' },
    { headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` }, payload: `--${BOUNDARY}\r\nbroken header line\r\n\r\nx\r\n--${BOUNDARY}--` },
    { headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` }, payload: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="__proto__"\r\n\r\nx\r\n--${BOUNDARY}--\r\n` },
    { headers: { 'content-type': 'application/json' }, payload: '{"unterminated": ' },
    { headers: { 'content-type': 'application/json' }, payload: '' },
    { headers: { 'content-type': 'application/json' }, payload: 'null' },
    { headers: { 'content-type': 'application/json' }, payload: '"\\u0000"' },
    { headers: { 'content-type': 'application/json' }, payload: '{"a":"\\ud800"}' },
    { headers: { 'content-type': 'application/json' }, payload: '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}' },
    { headers: { 'content-type': 'application/json' }, payload: '['.repeat(30_000) + ']'.repeat(30_000) },
    { headers: { 'content-type': 'application/json' }, payload: `{"x":"${'a'.repeat(200_000)}"}` },
    { headers: { 'content-type': 'application/json' }, payload: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc3, 0x28, 0x22, 0x7d]) },
    { headers: { 'content-type': 'application/json; charset=utf-16' }, payload: Buffer.from('{"a":1}', 'utf16le') },
    { headers: { 'content-type': 'application/json;;;=' }, payload: '{}' },
    { headers: { 'content-type': 'text/plain' }, payload: 'hello' },
    { headers: { 'content-type': 'application/xml' }, payload: '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>' },
    { headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'a=1&b=%zz' },
    { headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' }, payload: 'not gzip at all' },
    { headers: { 'content-type': '' }, payload: '{}' },
    { headers: { 'content-type': 'image/png' }, payload: Buffer.from([0x89, 0x50, 0x4e, 0x47]) },
  ),
  fc.uint8Array({ maxLength: 512 }).map((bytes) => ({ headers: { 'content-type': 'application/json' }, payload: Buffer.from(bytes) })),
  fc.string({ unit: 'binary', maxLength: 200 }).map((text) => ({ headers: { 'content-type': 'application/json' }, payload: text })),
);

/** Headers a careless or hostile client sends. */
export const oddHeaders: fc.Arbitrary<Record<string, string>> = fc.record(
  {
    accept: fc.constantFrom('*/*', 'application/json;q=junk', 'text/html', '', 'application/problem+json'),
    'accept-encoding': fc.constantFrom('gzip', 'br;q=2', 'identity;q=0', '*;q=0', 'x-unknown'),
    'accept-language': fc.constantFrom('en', '*', 'xx-INVALID-;q=', ''),
    'x-forwarded-for': fc.constantFrom('203.0.113.9', 'not-an-ip', '::1, 10.0.0.1', ''),
    'x-request-id': fc.constantFrom('abc', 'x'.repeat(2000), '../../'),
    'if-none-match': fc.constantFrom('*', '"etag"', 'W/"x"', 'garbage'),
    range: fc.constantFrom('bytes=0-0', 'bytes=-1', 'bytes=5-1', 'bytes=0-1,2-3,4-5', 'lines=1-2', 'bytes=99999999999999999999-'),
  },
  { requiredKeys: [] },
);
