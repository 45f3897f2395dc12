import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/test-app';
import { devIdToken, signIn } from '../../../test/sign-in';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ LOGIN_LIMIT_PER_IP: '6', LOGIN_LIMIT_PER_ACCOUNT: '3', TRUST_PROXY: '1' });
});
afterAll(() => ctx.close());

const login = async (email: string, ip: string) => {
  const idToken = await devIdToken(ctx, { email });
  return ctx.app.inject({ method: 'POST', url: '/user/login', payload: { idToken }, headers: { 'x-forwarded-for': ip } });
};

describe('sign-in rate limits', () => {
  it('limits attempts per IP address, whatever the account, with 429 and Retry-After', async () => {
    const statuses = [];
    for (let i = 0; i < 7; i += 1) statuses.push((await login(`nobody${i}@example.com`, '203.0.113.7')).statusCode);
    expect(statuses).toEqual([400, 400, 400, 400, 400, 400, 429]);
    const limited = await login('nobody@example.com', '203.0.113.7');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().message).toMatch(/Too many attempts/);
    expect((await login('nobody@example.com', '203.0.113.8')).statusCode).toBe(400);
  });

  it('limits attempts per account across addresses', async () => {
    const idToken = await devIdToken(ctx, { email: 'busy@example.com' });
    await ctx.app.inject({ method: 'POST', url: '/user/signup', payload: { idToken }, headers: { 'x-forwarded-for': '198.51.100.1' } });
    const statuses = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await login('busy@example.com', `198.51.100.${10 + i}`)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});

describe('forwarded addresses', () => {
  it('ignores X-Forwarded-For when no proxy is trusted', async () => {
    const strict = await createTestContext({ LOGIN_LIMIT_PER_IP: '2' });
    try {
      const statuses = [];
      for (let i = 0; i < 3; i += 1) {
        const idToken = await devIdToken(strict, { email: `spoof${i}@example.com` });
        const res = await strict.app.inject({ method: 'POST', url: '/user/login', payload: { idToken }, headers: { 'x-forwarded-for': `192.0.2.${i}` } });
        statuses.push(res.statusCode);
      }
      expect(statuses).toEqual([400, 400, 429]);
    } finally {
      await strict.close();
    }
  });
});

it('signs in normally under the limits', async () => {
  expect((await signIn(ctx, { email: 'calm@example.com' })).token).toBeTruthy();
});
