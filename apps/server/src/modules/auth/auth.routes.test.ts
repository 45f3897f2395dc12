import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { importJWK, SignJWT, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../../test/test-app';
import { bearer, devIdToken, signIn } from '../../../test/sign-in';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ ADMIN_EMAILS: 'boss@example.com', LOGIN_LIMIT_PER_IP: '1000' });
});
afterAll(() => ctx.close());

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url, payload, headers });

/** Signs claims with the development issuer's own key, to build tokens that differ in one claim. */
async function forge(claims: Record<string, unknown>, header: { alg?: string } = {}) {
  const { privateJwk } = JSON.parse(await readFile(join(ctx.config.dataDir, 'dev-idp', 'signing-key.json'), 'utf8')) as {
    privateJwk: JWK;
  };
  const { nonce } = (await ctx.app.inject('/user/login/nonce')).json();
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({
    iss: `${ctx.config.publicUrl}/dev-idp`,
    aud: 'marquee-dev',
    sub: 'forged-subject',
    iat: now,
    exp: now + 600,
    email: 'forged@example.com',
    email_verified: true,
    nonce,
    ...claims,
  })
    .setProtectedHeader({ alg: 'ES256', kid: privateJwk.kid!, ...header })
    .sign(await importJWK(privateJwk, 'ES256'));
}

describe('sign-in (behaviour.md §8): login → "user doesn\'t exist" → signup → login', () => {
  it('creates the account from the token and opens a session', async () => {
    const idToken = await devIdToken(ctx, { email: 'Ada@Example.com', name: 'Ada Quill' });
    const unknown = await post('/user/login', { idToken, email: 'ada@example.com' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe("user doesn't exist");

    const signup = await post('/user/signup', { idToken, email: 'ada@example.com', name: 'Someone Else', imageUrl: 'https://evil.example/x.png' });
    expect(signup.statusCode).toBe(200);

    const login = await post('/user/login', { idToken });
    expect(login.statusCode).toBe(200);
    const session = login.json();
    expect(session.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(session).toMatchObject({ loginWith: 'email', user: { email: 'ada@example.com', name: 'Ada Quill', image: '', role: 'viewer' } });

    const profile = await ctx.app.inject({ url: '/user/profile', headers: bearer(session) });
    expect(profile.json()).toMatchObject({ name: 'Ada Quill', email: 'ada@example.com' });
    const welcome = (await ctx.app.inject({ url: '/user/notification', headers: bearer(session) })).json();
    expect(welcome.map((n: { title: string }) => n.title)).toContain('Welcome to Marquee, Ada Quill');
  });

  it('accepts signup as multipart, as behaviour.md §7 has it', async () => {
    const idToken = await devIdToken(ctx, { email: 'multi@example.com', name: 'Multi Part' });
    const form = new FormData();
    form.set('idToken', idToken);
    form.set('email', 'multi@example.com');
    form.set('name', 'Multi Part');
    form.set('imageUrl', '');
    const request = new Request('http://local/', { method: 'POST', body: form });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/user/signup',
      headers: { 'content-type': request.headers.get('content-type')! },
      payload: Buffer.from(await request.arrayBuffer()),
    });
    expect(res.statusCode).toBe(200);
    expect((await post('/user/login', { idToken })).statusCode).toBe(200);
  });

  it('issues a new token at each login and consumes the nonce', async () => {
    const a = await signIn(ctx, { email: 'twice@example.com' });
    const b = await signIn(ctx, { email: 'twice@example.com' });
    expect(a.token).not.toBe(b.token);
    const idToken = await devIdToken(ctx, { email: 'twice@example.com' });
    expect((await post('/user/login', { idToken })).statusCode).toBe(200);
    const replay = await post('/user/login', { idToken });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().message).toMatch(/expired or already used/);
  });

  it('marks ADMIN_EMAILS accounts as admin', async () => {
    expect((await signIn(ctx, { email: 'boss@example.com' })).user.role).toBe('admin');
  });

  it('rejects an email that differs from the token', async () => {
    const idToken = await devIdToken(ctx, { email: 'real@example.com' });
    const res = await post('/user/signup', { idToken, email: 'other@example.com' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('email does not match the ID token');
  });
});

describe('ID token verification', () => {
  const rejected = async (idToken: string) => {
    const res = await post('/user/signup', { idToken });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toMatch(/could not be verified/);
  };

  it('accepts a well-formed forged-for-test token (control)', async () => {
    expect((await post('/user/signup', { idToken: await forge({}) })).statusCode).toBe(200);
  });
  it('rejects a tampered signature', async () => {
    const [h, p, s] = (await forge({})).split('.');
    const body = JSON.parse(Buffer.from(p!, 'base64url').toString());
    body.email = 'victim@example.com';
    await rejected(`${h}.${Buffer.from(JSON.stringify(body)).toString('base64url')}.${s}`);
  });
  it('rejects a wrong audience', async () => rejected(await forge({ aud: 'someone-else' })));
  it('rejects an unknown issuer', async () => rejected(await forge({ iss: 'https://evil.example' })));
  it('rejects an expired token', async () => rejected(await forge({ exp: Math.floor(Date.now() / 1000) - 3600 })));
  it('rejects an unverified email', async () => rejected(await forge({ email_verified: false })));
  it('rejects alg none and garbage', async () => {
    const unsigned = (await forge({})).split('.');
    const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    await rejected(`${none}.${unsigned[1]}.`);
    await rejected('not-a-token');
  });
  it('rejects a nonce the server never issued', async () => {
    const res = await post('/user/signup', { idToken: await forge({ nonce: 'made-up' }) });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toMatch(/expired/);
  });
  it('answers 400 for a missing idToken', async () => {
    expect((await post('/user/login', {})).statusCode).toBe(400);
  });
});

describe('sessions', () => {
  it('logout revokes the token', async () => {
    const session = await signIn(ctx, { email: 'leaving@example.com' });
    expect((await ctx.app.inject({ method: 'POST', url: '/user/logout', headers: bearer(session) })).statusCode).toBe(200);
    const after = await ctx.app.inject({ url: '/user/profile', headers: bearer(session) });
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toMatch(/session has ended/);
  });

  it('ends idle and expired sessions', async () => {
    const idle = await signIn(ctx, { email: 'idle@example.com' });
    await ctx.db.execute(sql`update sessions set last_seen_at = now() - interval '15 days'`);
    expect((await ctx.app.inject({ url: '/user/profile', headers: bearer(idle) })).statusCode).toBe(401);

    const old = await signIn(ctx, { email: 'old@example.com' });
    await ctx.db.execute(sql`update sessions set expires_at = now() - interval '1 second' where revoked_at is null`);
    expect((await ctx.app.inject({ url: '/user/profile', headers: bearer(old) })).statusCode).toBe(401);
  });

  it('answers 401 without a token or with a malformed one', async () => {
    expect((await ctx.app.inject('/user/watchlist')).statusCode).toBe(401);
    expect((await ctx.app.inject({ url: '/user/watchlist', headers: { authorization: 'Bearer x' } })).statusCode).toBe(401);
  });
});
