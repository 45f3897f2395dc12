import { eq } from 'drizzle-orm';
import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/test-app';
import { users } from '../../db/schema';

/**
 * The Google path, against a local OpenID Connect issuer standing in for accounts.google.com:
 * RS256 tokens, a JWKS over real HTTP, Google's claims.
 */
const CLIENT_ID = 'marquee-test.apps.googleusercontent.com';
let google: OAuth2Server;
let ctx: TestContext;
let issuer: string;

beforeAll(async () => {
  google = new OAuth2Server();
  await google.issuer.keys.generate('RS256');
  await google.start(0, '127.0.0.1');
  issuer = `http://127.0.0.1:${google.address().port}`;
  google.issuer.url = issuer;
  ctx = await createTestContext({ GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_ISSUER: issuer, GOOGLE_JWKS_URL: `${issuer}/jwks` });
});
afterAll(async () => {
  await ctx.close();
  await google.stop();
});

async function googleToken(claims: Record<string, unknown>, options: { kid?: string } = {}) {
  const { nonce } = (await ctx.app.inject('/user/login/nonce')).json();
  return google.issuer.buildToken({
    ...options,
    scopesOrTransform: (_header, payload) => {
      Object.assign(payload, {
        aud: CLIENT_ID,
        sub: 'google-subject-1',
        email: 'grace@gmail.com',
        email_verified: true,
        name: 'Grace Hopper',
        picture: 'https://lh3.googleusercontent.com/a/photo',
        nonce,
        ...claims,
      });
    },
  });
}

const post = (url: string, payload: object) => ctx.app.inject({ method: 'POST', url, payload });

describe('Google sign-in mode', () => {
  it('tells the web app to show Google sign-in', async () => {
    expect((await ctx.app.inject('/auth/config')).json()).toEqual({ provider: 'google', clientId: CLIENT_ID, authorizeUrl: null });
  });

  it('signs up and logs in with a Google ID token, taking name and picture from it', async () => {
    const idToken = await googleToken({});
    expect((await post('/user/login', { idToken })).json().message).toBe("user doesn't exist");
    expect((await post('/user/signup', { idToken })).statusCode).toBe(200);
    const session = (await post('/user/login', { idToken })).json();
    expect(session.user).toMatchObject({ email: 'grace@gmail.com', name: 'Grace Hopper', image: 'https://lh3.googleusercontent.com/a/photo' });
  });

  it('keys accounts on issuer and subject, not email', async () => {
    const other = await googleToken({ sub: 'google-subject-2' });
    expect((await post('/user/login', { idToken: other })).json().message).toBe("user doesn't exist");
  });

  it('rejects a token for another client, an unverified email and an expired token', async () => {
    for (const claims of [{ aud: 'someone-else' }, { email_verified: false }, { exp: Math.floor(Date.now() / 1000) - 600 }]) {
      const res = await post('/user/login', { idToken: await googleToken(claims) });
      expect(res.statusCode, JSON.stringify(claims)).toBe(401);
    }
  });

  it('rejects a token issued a year from now, or one that lives ten years', async () => {
    const now = Math.floor(Date.now() / 1000);
    const year = 365 * 24 * 60 * 60;
    for (const claims of [{ iat: now + year, exp: now + year + 3600 }, { iat: now, exp: now + 10 * year }]) {
      const idToken = await googleToken({ ...claims, sub: 'google-subject-time' });
      expect((await post('/user/signup', { idToken })).statusCode, JSON.stringify(claims)).toBe(401);
      expect((await post('/user/login', { idToken })).statusCode, JSON.stringify(claims)).toBe(401);
    }
    // A clock a minute ahead of ours and Google's one-hour lifetime are fine.
    const idToken = await googleToken({ iat: now + 60, exp: now + 3660, sub: 'google-subject-time' });
    expect((await post('/user/signup', { idToken })).statusCode).toBe(200);
  });

  it('follows a key rotation: a token signed with a new key verifies after the JWKS is refetched', async () => {
    const fresh = await google.issuer.keys.generate('RS256');
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 60_000 });
    try {
      const idToken = await googleToken({}, { kid: fresh.kid });
      expect((await post('/user/login', { idToken })).statusCode).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });

  it('turns the development issuer off entirely', async () => {
    expect((await ctx.app.inject('/dev-idp/.well-known/openid-configuration')).statusCode).toBe(404);
    expect((await post('/dev-idp/token', { email: 'a@b.co', name: 'A', nonce: 'n' })).statusCode).toBe(404);
  });

  it('rejects a development-issuer token while Google mode is on', async () => {
    const dev = await createTestContext();
    try {
      const { nonce } = (await dev.app.inject('/user/login/nonce')).json();
      const devToken = (await dev.app.inject({ method: 'POST', url: '/dev-idp/token', payload: { email: 'grace@gmail.com', name: 'G', nonce } })).json().id_token;
      const res = await post('/user/login', { idToken: devToken });
      expect(res.statusCode).toBe(401);
    } finally {
      await dev.close();
    }
  });
});

describe("Google's two spellings of its issuer", () => {
  let real: TestContext;
  beforeAll(async () => {
    // Configured as Google itself, its keys served by the local issuer.
    real = await createTestContext({ GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_ISSUER: 'https://accounts.google.com', GOOGLE_JWKS_URL: `${issuer}/jwks` });
  });
  afterAll(() => real.close());

  const tokenWithIssuer = async (iss: string) => {
    const { nonce } = (await real.app.inject('/user/login/nonce')).json();
    return google.issuer.buildToken({
      scopesOrTransform: (_header, payload) => {
        Object.assign(payload, { iss, aud: CLIENT_ID, sub: 'google-subject-spelling', email: 'ada@gmail.com', email_verified: true, name: 'Ada', nonce });
      },
    });
  };
  const send = (url: string, idToken: string) => real.app.inject({ method: 'POST', url, payload: { idToken } });

  it('are one account, keyed by https://accounts.google.com', async () => {
    expect((await send('/user/signup', await tokenWithIssuer('accounts.google.com'))).statusCode).toBe(200);
    expect((await send('/user/signup', await tokenWithIssuer('https://accounts.google.com'))).json().message).toBe('Account already exists');
    const first = await send('/user/login', await tokenWithIssuer('https://accounts.google.com'));
    const second = await send('/user/login', await tokenWithIssuer('accounts.google.com'));
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(second.json().user._id).toBe(first.json().user._id);
    const rows = await real.db.select({ issuer: users.issuer }).from(users).where(eq(users.subject, 'google-subject-spelling'));
    expect(rows).toEqual([{ issuer: 'https://accounts.google.com' }]);
  });
});
