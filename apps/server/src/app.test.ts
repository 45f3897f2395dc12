import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteSettings } from './db/schema';
import { openApiPath, renderOpenApi } from './scripts/openapi-render';
import { createTestContext, type TestContext } from '../test/test-app';

let ctx: TestContext;
const homeScript = `export const rows = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `row ${i}`))};`;
beforeAll(async () => {
  // A stand-in web build, so the page fallback can be observed.
  const web = join(tmpdir(), `marquee-web-${process.pid}`);
  await mkdir(join(web, 'assets'), { recursive: true });
  await writeFile(join(web, 'index.html'), '<!doctype html><title>Marquee</title>');
  await writeFile(join(web, 'assets', 'app-abc123.js'), 'console.log(1)');
  // What the build's precompression writes beside every text asset.
  await writeFile(join(web, 'assets', 'home-def456.js'), homeScript);
  await writeFile(join(web, 'assets', 'home-def456.js.br'), brotliCompressSync(homeScript));
  await writeFile(join(web, 'assets', 'home-def456.js.gz'), gzipSync(homeScript));
  ctx = await createTestContext({ WEB_DIST_DIR: web });
});
afterAll(() => ctx.close());

describe('platform routes', () => {
  it('reports liveness and readiness', async () => {
    expect((await ctx.app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    expect((await ctx.app.inject('/readyz')).json()).toEqual({ status: 'ready' });
  });

  it('serves an OpenAPI 3.1 document generated from the contract, and its UI', async () => {
    const doc = (await ctx.app.inject('/docs/json')).json();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/user/homepage', '/user/category-data/{id}', '/movie-name/{name}', '/search/{term}', '/contact']),
    );
    expect(doc.paths['/contact'].post.requestBody.content['application/json'].schema.required).toContain('email');
    const ui = await ctx.app.inject('/docs');
    expect([200, 302]).toContain(ui.statusCode);
  });

  it('serves the subscriber badge setting, defaulting to 35864', async () => {
    expect((await ctx.app.inject('/settings/display')).json()).toEqual({ subscriberCount: 35864, supportEmail: 'support@marquee.example', testMode: null });
    await ctx.db.insert(siteSettings).values({ key: 'subscriberCount', value: 40000 });
    expect((await ctx.app.inject('/settings/display')).json()).toMatchObject({ subscriberCount: 40000 });
  });
});

describe('web app and unknown routes', () => {
  it('answers page navigations with the app shell so client routes survive a reload', async () => {
    const res = await ctx.app.inject({ url: '/movie/night-harbour', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Marquee</title>');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('answers a partner title slugged like a call (/third-party/homepage) with the app shell, not the call', async () => {
    const res = await ctx.app.inject({ url: '/third-party/homepage', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Marquee</title>');
  });

  it('caches hashed assets forever', async () => {
    const res = await ctx.app.inject('/assets/app-abc123.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('sends a script precompressed in the encoding the browser asks for, and plain to one that asks for none', async () => {
    const br = await ctx.app.inject({ url: '/assets/home-def456.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toContain('immutable');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.rawPayload.length).toBeLessThan(homeScript.length / 3);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(homeScript);

    const gz = await ctx.app.inject({ url: '/assets/home-def456.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(homeScript);

    const plain = await ctx.app.inject({ url: '/assets/home-def456.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(homeScript);
  });

  it('compresses a large API answer when asked, and leaves a small one as it is', async () => {
    const doc = await ctx.app.inject({ url: '/docs/json', headers: { 'accept-encoding': 'br' } });
    expect(doc.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(doc.rawPayload).toString()).openapi).toBe('3.1.0');
    const small = await ctx.app.inject({ url: '/healthz', headers: { 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ status: 'ok' });
  });

  it('answers unknown API calls with a JSON 404, never the shell', async () => {
    const res = await ctx.app.inject({ url: '/user/nothing-here', headers: { accept: 'application/json' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status: 404, message: 'No route for GET /user/nothing-here' });
  });

  it('answers a missing public file with a JSON 404', async () => {
    const res = await ctx.app.inject('/media/images/no-such-image.webp');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/problem+json');
  });

  it('refuses path traversal out of the media directory', async () => {
    const res = await ctx.app.inject('/media/..%2f..%2fetc%2fpasswd');
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });
});

describe('docs/api/openapi.json', () => {
  it('matches the document the contract generates (run `npm run docs:api` after changing the API)', async () => {
    const committed = await readFile(openApiPath, 'utf8');
    expect(committed).toBe(await renderOpenApi(ctx.app));
  });
});
