import { createLocalJWKSet, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../../test/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ PUBLIC_URL: 'https://marquee.test' });
});
afterAll(() => ctx.close());

const form = (fields: Record<string, string>) => ({
  method: 'POST' as const,
  url: '/dev-idp/authorize',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  payload: new URLSearchParams(fields).toString(),
});

describe('development identity provider', () => {
  it('publishes OpenID discovery and a JWKS', async () => {
    const discovery = (await ctx.app.inject('/dev-idp/.well-known/openid-configuration')).json();
    expect(discovery).toMatchObject({
      issuer: 'https://marquee.test/dev-idp',
      jwks_uri: 'https://marquee.test/dev-idp/jwks',
      authorization_endpoint: 'https://marquee.test/dev-idp/authorize',
      id_token_signing_alg_values_supported: ['ES256'],
    });
    const jwks = (await ctx.app.inject('/dev-idp/jwks')).json();
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).not.toHaveProperty('d');
  });

  it('shows an account chooser without inline script', async () => {
    const res = await ctx.app.inject('/dev-idp/authorize?redirect_uri=/login&nonce=abc&state=xyz');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('Choose an account');
    expect(res.body).not.toContain('<script');
    expect(res.body).toContain('value="xyz"');
  });

  it('redirects back with an ID token that verifies against its JWKS', async () => {
    const res = await ctx.app.inject(form({ redirect_uri: '/login', nonce: 'n-1', state: 's-1', name: 'Ada Quill', email: 'Ada@Example.com' }));
    expect(res.statusCode).toBe(303);
    const location = new URL(res.headers.location as string, 'https://marquee.test');
    expect(location.pathname).toBe('/login');
    const fragment = new URLSearchParams(location.hash.slice(1));
    expect(fragment.get('state')).toBe('s-1');
    const jwks = (await ctx.app.inject('/dev-idp/jwks')).json();
    const { payload } = await jwtVerify(fragment.get('id_token')!, createLocalJWKSet(jwks), {
      issuer: 'https://marquee.test/dev-idp',
      audience: 'marquee-dev',
    });
    expect(payload).toMatchObject({ email: 'ada@example.com', email_verified: true, name: 'Ada Quill', nonce: 'n-1' });
  });

  it('gives the same subject to the same email, and different ones to different emails', async () => {
    const sub = async (email: string) => {
      const { id_token } = (await ctx.app.inject({ method: 'POST', url: '/dev-idp/token', payload: { email, name: 'X', nonce: 'n' } })).json();
      return JSON.parse(Buffer.from(id_token.split('.')[1], 'base64url').toString()).sub;
    };
    expect(await sub('a@example.com')).toBe(await sub('A@example.com'));
    expect(await sub('a@example.com')).not.toBe(await sub('b@example.com'));
  });

  it('never redirects to another site', async () => {
    for (const target of ['https://evil.example/', '//evil.example/x', '/\\evil.example']) {
      expect((await ctx.app.inject(`/dev-idp/authorize?nonce=n&redirect_uri=${encodeURIComponent(target)}`)).statusCode).toBe(400);
      expect((await ctx.app.inject(form({ redirect_uri: target, nonce: 'n', state: '', name: 'A', email: 'a@b.co' }))).statusCode).toBe(400);
    }
  });

  it('re-shows the form with a message for a bad email', async () => {
    const res = await ctx.app.inject(form({ redirect_uri: '/login', nonce: 'n', state: 's', name: 'Ada', email: 'nope' }));
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Enter a valid email address');
  });
});
