import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { connect } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Session } from '@marquee/contract';
import { CatalogReadModel } from '../modules/catalog/read-model.service';
import { createTestContext, type TestContext } from '../../test/test-app';
import { fixtures } from '../../test/fixtures';
import { bearer, signIn } from '../../test/sign-in';
import { keptAnswers } from './kept-answers';

let ctx: TestContext;
let make: ReturnType<typeof fixtures>;
let origin: string;
let categoryPath: string;

/** A catalogue of one category: a row of twelve titles and a banner. Returns the category's path. */
async function seedCategory(make: ReturnType<typeof fixtures>): Promise<string> {
  const category = await make.category({ name: 'Home' });
  const titles = [];
  for (let i = 0; i < 12; i += 1) titles.push((await make.title({ name: `Kept Title ${i}`, genres: ['Drama'] })).id);
  await make.row({ categoryId: category.id, name: 'Popular', titleIds: titles });
  await make.banner({ categoryId: category.id, titleId: titles[0]! });
  return `/user/category-data/${category.id}`;
}

beforeAll(async () => {
  ctx = await createTestContext();
  make = fixtures(ctx.db);
  categoryPath = await seedCategory(make);
  // The door stands in front of the framework: only a request over HTTP meets it.
  origin = await ctx.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(() => ctx.close());
afterEach(() => vi.restoreAllMocks());

interface Answer {
  statusCode: number;
  headers: IncomingHttpHeaders;
  /** The bytes as sent, not decompressed. */
  rawPayload: Buffer;
  body: string;
  json(): { detail?: string };
}

/** A request over HTTP to `at` (the app's origin by default): what the door sees. */
function fetchRaw(url: string, init: { method?: string; headers?: Record<string, string>; at?: string } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const sent = httpRequest(new URL(url, init.at ?? origin), { method: init.method ?? 'GET', headers: init.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const rawPayload = Buffer.concat(chunks);
        resolve({ statusCode: res.statusCode!, headers: res.headers, rawPayload, body: rawPayload.toString(), json: () => JSON.parse(rawPayload.toString()) });
      });
    });
    sent.on('error', reject);
    sent.end();
  });
}
const get = (url: string, headers: Record<string, string> = {}) => fetchRaw(url, { headers });
/** Everything but what differs between any two answers: the request id and the date. */
const lasting = (headers: Record<string, unknown>) => {
  const { 'x-request-id': id, date: _date, ...rest } = headers;
  expect(id).toMatch(/^[0-9a-f-]{36}$/);
  return rest;
};
/** Which way a request went: building (or awaiting) the answer in its handler, or the kept one at once. */
const watchReadModel = () => ({ built: vi.spyOn(CatalogReadModel.prototype, 'get'), kept: vi.spyOn(CatalogReadModel.prototype, 'peek') });
/**
 * Until a visitor's request for `url` is answered from what is kept. An answer built while a change
 * is on its way is not kept: on PostgreSQL the fixtures' notifications arrive after the first build.
 */
const untilKept = (url: string, at = origin) =>
  vi.waitFor(
    async () => {
      const read = watchReadModel();
      try {
        await fetchRaw(url, { at });
        expect(read.built).not.toHaveBeenCalled();
      } finally {
        vi.restoreAllMocks();
      }
    },
    { timeout: 5000 },
  );

describe("a visitor's catalogue answer kept by the read model", () => {
  for (const [name, headers] of [
    ['plain', {}],
    ['brotli', { 'accept-encoding': 'gzip, deflate, br' }],
    ['gzip', { 'accept-encoding': 'gzip' }],
  ] as const) {
    it(`is sent at once, the same as the route sends it (${name})`, async () => {
      const first = await get(categoryPath, headers);
      await untilKept(categoryPath);
      const read = watchReadModel();
      const again = await get(categoryPath, headers);
      expect(read.built).not.toHaveBeenCalled();
      expect(read.kept).toHaveBeenCalled();
      expect(again.statusCode).toBe(200);
      expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
      expect(lasting(again.headers)).toEqual(lasting(first.headers));
      expect(again.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
      const body = name === 'brotli' ? brotliDecompressSync(again.rawPayload) : name === 'gzip' ? gunzipSync(again.rawPayload) : again.rawPayload;
      expect(JSON.parse(body.toString()).subcategories[0].content).toHaveLength(12);
      expect(again.headers['content-encoding']).toBe(name === 'plain' ? undefined : name === 'brotli' ? 'br' : 'gzip');
      expect(Number(again.headers['content-length'])).toBe(again.rawPayload.length);
      expect(again.headers['cache-control']).toBe('public, no-cache');
      expect(again.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    });
  }

  it("is the route handler's answer, byte for byte and header for header", async () => {
    await untilKept(categoryPath);
    for (const headers of [{}, { 'accept-encoding': 'br, gzip' }, { 'accept-encoding': 'gzip' }] as Record<string, string>[]) {
      const read = watchReadModel();
      const atTheDoor = await get(categoryPath, headers);
      expect(read.built).not.toHaveBeenCalled();
      // inject() goes round the door, through the framework to the route's handler.
      const fromTheRoute = await ctx.app.inject({ method: 'GET', url: categoryPath, headers });
      expect(read.built).toHaveBeenCalled();
      vi.restoreAllMocks();
      expect(atTheDoor.rawPayload.equals(fromTheRoute.rawPayload)).toBe(true);
      const { 'keep-alive': _timeout, ...overHttp } = lasting(atTheDoor.headers);
      expect(overHttp).toEqual(lasting(fromTheRoute.headers));
    }
  });

  it('answers 304 to a client holding any of its forms', async () => {
    const plain = await get(categoryPath);
    const brotli = await get(categoryPath, { 'accept-encoding': 'br' });
    await untilKept(categoryPath);
    for (const held of [plain.headers.etag, brotli.headers.etag, `W/${plain.headers.etag}`]) {
      const read = watchReadModel();
      const res = await get(categoryPath, { 'if-none-match': String(held) });
      expect(read.built).not.toHaveBeenCalled();
      expect(res.statusCode).toBe(304);
      expect(res.body).toBe('');
      expect(res.headers.etag).toBe(String(held).replace(/^W\//, ''));
      expect(res.headers['content-length']).toBeUndefined();
      vi.restoreAllMocks();
    }
  });

  it('is the homepage list and similar rows too', async () => {
    for (const url of ['/user/homepage', `/user/similar-movies/${(await make.title({ name: 'Similar Source', genres: ['Drama'] })).id}`]) {
      const first = await get(url);
      await untilKept(url);
      const read = watchReadModel();
      const again = await get(url);
      expect(read.built, url).not.toHaveBeenCalled();
      expect(again.body).toBe(first.body);
      vi.restoreAllMocks();
    }
  });

  it("is not a signed-in viewer's: theirs carries their access and stays private", async () => {
    await get(categoryPath);
    const session: Session = await signIn(ctx, { email: 'kept-viewer@example.com' });
    const read = watchReadModel();
    const res = await get(categoryPath, bearer(session));
    expect(read.built).toHaveBeenCalled();
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-cache');
  });

  it('is built again after a change, and the next visitor gets the new one', async () => {
    const category = await make.category({ name: 'Changing' });
    const title = await make.title({ name: 'Before The Change', genres: ['Drama'] });
    await make.row({ categoryId: category.id, name: 'Row', titleIds: [title.id] });
    const path = `/user/category-data/${category.id}`;
    await get(path);
    expect((await get(path)).body).toContain('Before The Change');
    await make.title({ name: 'After The Change', genres: ['Drama'] }).then((added) => make.row({ categoryId: category.id, name: 'New Row', titleIds: [added.id] }));
    await vi.waitFor(async () => expect((await get(path)).body).toContain('After The Change'), { timeout: 5000 });
  });

  it('leaves a request it cannot answer to the route: an unknown id is a 404, a malformed one a 400', async () => {
    expect((await get('/user/category-data/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    for (const malformed of ['/user/category-data/not-an-id', '/user/category-data/x%00']) {
      const res = await get(malformed);
      expect(res.statusCode, malformed).toBe(400);
      expect(res.json().detail, malformed).toContain('params.id');
    }
  });

  it('leaves to the route a target with a query, an escape or a trailing slash, which answers as before', async () => {
    await untilKept(categoryPath);
    const id = categoryPath.split('/').at(-1)!;
    const kept = await get(categoryPath);
    for (const [url, status] of [
      [`${categoryPath}?utm_source=mail`, 200],
      [`/user/category-data/${id.slice(0, 4)}%${id.charCodeAt(4).toString(16)}${id.slice(5)}`, 200],
      [`${categoryPath}/`, 404],
      [`/USER/category-data/${id}`, 404],
    ] as const) {
      const read = watchReadModel();
      const res = await get(url);
      expect(res.statusCode, url).toBe(status);
      if (status === 200) {
        expect(read.built, url).toHaveBeenCalled();
        expect(res.body, url).toBe(kept.body);
      }
      vi.restoreAllMocks();
    }
  });

  it('leaves HEAD to the route, which answers with the same headers and no body', async () => {
    const got = await get(categoryPath);
    const head = await fetchRaw(categoryPath, { method: 'HEAD' });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    expect(head.headers.etag).toBe(got.headers.etag);
  });
});

type LogLine = Record<string, unknown> & { reqId?: string; req?: Record<string, unknown> };

describe('the door of a server behind a proxy, with request logging on', () => {
  let logged: LogLine[];
  let proxied: TestContext;
  let path: string;
  let at: string;

  beforeAll(async () => {
    logged = [];
    proxied = await createTestContext({ LOG_LEVEL: 'info', TRUST_PROXY: '127.0.0.1' }, { logStream: { write: (line) => void logged.push(JSON.parse(line)) } });
    path = await seedCategory(fixtures(proxied.db));
    at = await proxied.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(() => proxied.close());

  /** The log lines of the request with this id. */
  const linesOf = (id: string) => logged.filter((line) => line.reqId === id).map(({ time: _t, pid: _p, hostname: _h, responseTime, ...rest }) => ({ ...rest, responseTime: typeof responseTime }));

  it("keeps the proxy's request id and writes the framework's two lines, with the same fields", async () => {
    const forwarded = { 'x-request-id': 'f3b1c0de9a8b7c6d5e4f30211a2b3c4d', 'x-forwarded-for': '203.0.113.7', 'x-forwarded-host': 'watch.example' };
    const fromTheRoute = await fetchRaw(path, { at, headers: { ...forwarded, 'x-request-id': 'a0000000000000000000000000000001' } });
    await untilKept(path, at);
    const atTheDoor = await fetchRaw(path, { at, headers: forwarded });
    expect(atTheDoor.statusCode).toBe(200);
    expect(atTheDoor.headers['x-request-id']).toBe(forwarded['x-request-id']);
    expect(fromTheRoute.headers['x-request-id']).toBe('a0000000000000000000000000000001');

    const doorLines = linesOf(forwarded['x-request-id']).slice(-2);
    const routeLines = linesOf('a0000000000000000000000000000001');
    expect(routeLines).toHaveLength(2);
    // The same lines, but for the request's own port.
    const port = (lines: LogLine[]) => lines.map((line) => (line.req ? { ...line, req: { ...line.req, remotePort: typeof line.req.remotePort } } : line));
    expect(port(doorLines)).toEqual(port(routeLines).map((line) => ({ ...line, reqId: forwarded['x-request-id'] })));
    expect(doorLines[0]).toMatchObject({ msg: 'incoming request', req: { method: 'GET', url: path, host: 'watch.example', remoteAddress: '203.0.113.7' } });
    expect(doorLines[1]).toMatchObject({ msg: 'request completed', res: { statusCode: 200 }, responseTime: 'number' });
  });

  it('leaves a request that arrives once the server is closing to the framework, which refuses it', async () => {
    await untilKept(path, at);
    const { port } = new URL(at);
    const socket = connect(Number(port), '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    const received: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => received.push(chunk));
    const ended = new Promise((resolve) => socket.once('close', resolve));
    // A request begun before the close (a connection at work is not shut), finished after it.
    socket.write(`GET ${path} HTTP/1.1\r\nHost: watch.example\r\n`);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const closed = proxied.app.close();
    // The server stops listening once the close hooks have run.
    await vi.waitFor(() => expect(proxied.app.server.listening).toBe(false));
    socket.write('\r\n');
    await ended;
    await closed;
    const answer = Buffer.concat(received).toString();
    expect(answer).toMatch(/^HTTP\/1\.1 503 /);
    expect(answer).toContain('Service Unavailable');
  });
});

describe('kept routes', () => {
  it('may not shadow another route: a server that would answer its path for it does not start', async () => {
    const door = keptAnswers({ genReqId: () => 'id', trusted: () => false });
    const app = Fastify({ serverFactory: door.serverFactory });
    await app.register(door.plugin);
    app.get('/items/:id', { config: { kept: () => undefined } }, async () => ({}));
    app.get('/items/featured', async () => ({}));
    await expect(app.ready()).rejects.toThrow(/\/items\/featured/);
  });
});
