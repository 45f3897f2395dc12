import { randomInt, randomUUID } from 'node:crypto';
import type { Session } from '@marquee/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PIN_ATTEMPTS } from '../modules/profiles/profiles.service';
import { redisNote, redisReachable, TEST_REDIS_URL } from '../../test/redis';
import { bearer, devIdToken } from '../../test/sign-in';
import { createTestContext, type TestContext } from '../../test/test-app';

// The PIN and sign-in limits through the front door, with the limits' clock moved across a
// quarter-hour: where fixed windows started again, a sliding window still counts what came before.

const QUARTER_HOUR = 15 * 60_000;
const LOGIN = { perIp: 6, perAccount: 3, windowSeconds: 900 };

const stores: { name: string; env: Record<string, string>; skip: boolean }[] = [
  { name: process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite', env: {}, skip: false },
  { name: `Redis${redisNote}`, env: { REDIS_URL: TEST_REDIS_URL }, skip: !redisReachable },
];

describe.each(stores)('limits at the edge of a quarter-hour, on $name', (store) => {
  const test = it.skipIf(store.skip);
  const boundary = Math.ceil((Date.now() + 60_000) / QUARTER_HOUR) * QUARTER_HOUR;
  let now = boundary - 60_000;
  let ctx: TestContext;
  beforeAll(async () => {
    if (store.skip) return;
    const env = { ...store.env, TRUST_PROXY: '1', LOGIN_LIMIT_PER_IP: String(LOGIN.perIp), LOGIN_LIMIT_PER_ACCOUNT: String(LOGIN.perAccount) };
    ctx = await createTestContext({ ...env, LOGIN_LIMIT_WINDOW_SECONDS: String(LOGIN.windowSeconds) }, { limitClock: () => now });
  });
  afterAll(() => ctx?.close());

  // Addresses and accounts of their own, so a Redis kept from an earlier run counts nothing here.
  const freshIp = () => `198.18.${randomInt(256)}.${randomInt(1, 255)}`;
  const signInAt = async (input: { url: '/user/login' | '/user/signup'; email: string; ip: string }) =>
    ctx.app.inject({ method: 'POST', url: input.url, payload: { idToken: await devIdToken(ctx, input) }, headers: { 'x-forwarded-for': input.ip } });
  const login = (email: string, ip: string) => signInAt({ url: '/user/login', email, ip });
  /** A new account, signed in from an address of its own (one attempt on the account's count). */
  const newViewer = async (email: string): Promise<Session> => {
    const ip = freshIp();
    await signInAt({ url: '/user/signup', email, ip });
    return (await login(email, ip)).json();
  };

  test('ten PIN attempts just before the quarter-hour leave none just after it, until the first is fifteen minutes old', async () => {
    now = boundary - 60_000;
    const viewer = await newViewer(`pin-${randomUUID()}@example.com`);
    const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => ctx.app.inject({ method, url, headers: bearer(viewer), ...(payload ? { payload } : {}) });
    const own = (await call('GET', '/user/profiles')).json().current as string;
    expect((await call('PUT', '/user/profile-pin', { pin: '2468' })).statusCode).toBe(200);
    const kid = (await call('POST', '/user/profiles', { name: 'Kid', isKids: true })).json()._id as string;
    expect((await call('POST', `/user/profiles/${kid}/select`, {})).statusCode).toBe(200);

    const first = boundary - 10_000;
    for (let i = 0; i < PIN_ATTEMPTS.limit; i += 1) {
      now = first + i * 1000;
      expect((await call('POST', `/user/profiles/${own}/select`, { pin: '0000' })).json().detail).toBe('Wrong PIN');
    }
    now = boundary + 1000;
    const limited = await call('POST', `/user/profiles/${own}/select`, { pin: '2468' });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe(String(PIN_ATTEMPTS.windowSeconds - 11));
    expect((await call('GET', '/user/profiles')).json().current).toBe(kid);

    now = first + PIN_ATTEMPTS.windowSeconds * 1000 - 1;
    expect((await call('POST', `/user/profiles/${own}/select`, { pin: '2468' })).statusCode).toBe(429);
    now = first + PIN_ATTEMPTS.windowSeconds * 1000;
    expect((await call('POST', `/user/profiles/${own}/select`, { pin: '2468' })).json().current).toBe(own);
  });

  test('sign-in attempts from one address across the quarter-hour count in one window', async () => {
    const ip = freshIp();
    const first = boundary - 6000;
    for (let i = 0; i < LOGIN.perIp; i += 1) {
      now = first + i * 1000;
      expect((await login(`nobody-${randomUUID()}@example.com`, ip)).statusCode).toBe(400);
    }
    now = boundary + 1000;
    const limited = await login(`nobody-${randomUUID()}@example.com`, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe(String(LOGIN.windowSeconds - 7));
    expect(limited.json().message).toMatch(/Too many attempts/);

    now = first + LOGIN.windowSeconds * 1000;
    expect((await login(`nobody-${randomUUID()}@example.com`, ip)).statusCode).toBe(400);
  });

  test('sign-ins to one account from many addresses across the quarter-hour count in one window', async () => {
    now = boundary - 60_000;
    const email = `busy-${randomUUID()}@example.com`;
    await newViewer(email);
    const first = boundary - 3000;
    for (let i = 0; i < LOGIN.perAccount - 1; i += 1) {
      now = first + i * 1000;
      expect((await login(email, freshIp())).statusCode).toBe(200);
    }
    now = boundary + 1000;
    const limited = await login(email, freshIp());
    expect(limited.statusCode).toBe(429);
    // The sign-in a minute before the quarter-hour counts too: it leaves the window first.
    expect(limited.headers['retry-after']).toBe(String(LOGIN.windowSeconds - 61));
  });
});
