import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('security headers', () => {
  it('are on every response, API and error alike', async () => {
    for (const url of ['/user/homepage', '/no/such/route', '/dev-idp/authorize?nonce=n']) {
      const { headers } = await ctx.app.inject(url);
      const csp = String(headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain('accounts.google.com');
      expect(csp).not.toContain('paypal');
      expect(headers['strict-transport-security']).toContain('max-age=31536000');
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    }
  });

  it("allow Google's sign-in script only in Google mode", async () => {
    const google = await createTestContext({ GOOGLE_CLIENT_ID: 'x.apps.googleusercontent.com' });
    try {
      const csp = String((await google.app.inject('/user/homepage')).headers['content-security-policy']);
      expect(csp).toContain('script-src https://accounts.google.com/gsi/client'.replace('script-src ', "script-src 'self' "));
      expect(csp).toContain('frame-src https://accounts.google.com');
    } finally {
      await google.close();
    }
  });

  it("allow PayPal's SDK, buttons and checkout popup only when PayPal takes the payments", async () => {
    const paypal = await createTestContext({ PAYPAL_CLIENT_ID: 'client', PAYPAL_CLIENT_SECRET: 'secret', PAYPAL_WEBHOOK_ID: 'hook' });
    try {
      const { headers } = await paypal.app.inject('/user/homepage');
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
