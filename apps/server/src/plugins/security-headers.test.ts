import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-app';

let ctx: TestContext;
/** A built web app of one page: the shell every page navigation is answered with. */
let web: string;
beforeAll(async () => {
  web = await mkdtemp(join(tmpdir(), 'marquee-web-'));
  await writeFile(join(web, 'index.html'), '<!doctype html><html lang="en"><head><title>Marquee</title></head><body><div id="root"></div></body></html>');
  ctx = await createTestContext({ WEB_DIST_DIR: web });
});
afterAll(async () => {
  await ctx.close();
  await rm(web, { recursive: true, force: true });
});

const page = (app: TestContext['app'], url = '/') => app.inject({ url, headers: { accept: 'text/html' } });

describe('security headers', () => {
  it('give pages the whole policy', async () => {
    for (const res of [await page(ctx.app), await page(ctx.app, '/movie/some-title'), await ctx.app.inject('/dev-idp/authorize?nonce=n')]) {
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(csp).not.toContain('accounts.google.com');
      expect(csp).not.toContain('paypal');
      expect(res.headers['strict-transport-security']).toContain('max-age=31536000');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    }
  });

  it('let no page frame the API docs, not even one of the site', async () => {
    const docs = [await ctx.app.inject('/docs'), await ctx.app.inject('/docs/static/swagger-initializer.js'), await ctx.app.inject('/docs/json')];
    expect(docs.map((res) => res.statusCode)).toEqual([200, 200, 200]);
    expect(docs[0]!.headers['content-type']).toMatch(/^text\/html/);
    for (const res of docs) {
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain("frame-ancestors 'self'");
      expect(res.headers['x-frame-options']).toBe('DENY');
    }
  });

  it('give JSON answers, errors and kept answers alike, the policy of data: nothing loads, frames, sniffs or reads them', async () => {
    const answers = [
      await ctx.app.inject('/user/homepage'),
      // The second is the read model's kept answer, sent before the route's other hooks (plugins/kept-answers.ts).
      await ctx.app.inject('/user/homepage'),
      await ctx.app.inject('/healthz'),
      await ctx.app.inject('/no/such/route'),
      await ctx.app.inject('/user/category-data/not-an-id'),
    ];
    for (const res of answers) {
      expect(res.headers['content-type']).toMatch(/^application\/(problem\+)?json/);
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(res.headers['strict-transport-security']).toContain('max-age=31536000');
      // What only a page uses is left off.
      expect(res.headers['referrer-policy']).toBeUndefined();
      expect(res.headers['cross-origin-opener-policy']).toBeUndefined();
    }
  });

  it("allow Google's sign-in script only in Google mode", async () => {
    const google = await createTestContext({ GOOGLE_CLIENT_ID: 'x.apps.googleusercontent.com', WEB_DIST_DIR: web });
    try {
      const csp = String((await page(google.app)).headers['content-security-policy']);
      expect(csp).toContain('script-src https://accounts.google.com/gsi/client'.replace('script-src ', "script-src 'self' "));
      expect(csp).toContain('frame-src https://accounts.google.com');
    } finally {
      await google.close();
    }
  });

  it("allow PayPal's SDK, buttons and checkout popup only when PayPal takes the payments", async () => {
    const paypal = await createTestContext({ PAYPAL_CLIENT_ID: 'client', PAYPAL_CLIENT_SECRET: 'secret', PAYPAL_WEBHOOK_ID: 'hook', WEB_DIST_DIR: web });
    try {
      const { headers } = await page(paypal.app);
      const csp = String(headers['content-security-policy']);
      expect(csp).toMatch(/script-src 'self' https:\/\/\*\.paypal\.com/);
      expect(csp).toMatch(/frame-src https:\/\/\*\.paypal\.com/);
      expect(csp).toMatch(/connect-src 'self' https:\/\/\*\.paypal\.com/);
      expect(headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    } finally {
      await paypal.close();
    }
  });
});
