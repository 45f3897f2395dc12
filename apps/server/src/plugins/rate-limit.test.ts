import { randomInt } from 'node:crypto';
import { api, type Endpoint } from '@marquee/contract';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { TooManyRequestsError } from '../lib/domain-errors';
import { redisNote, redisReachable, TEST_REDIS_URL } from '../../test/redis';
import { createTestContext, type TestContext } from '../../test/test-app';
import { limiterOf, type RateLimiter } from './rate-limit';
import { postgresCounter, redisCounter } from './rate-limit-store';

const LIMIT = 4;
let ctx: TestContext;
beforeAll(async () => {
  // A day-long window keeps a test's few hits in it, where a minute could pass between the first
  // and the last on a slow machine (rate-limit.sliding.test.ts moves a clock instead).
  const window = { PUBLIC_WRITE_LIMIT_WINDOW_SECONDS: String(24 * 3600) };
  ctx = await createTestContext({ PUBLIC_WRITE_LIMIT_PER_IP: String(LIMIT), TRUST_PROXY: '1', LOGIN_LIMIT_PER_IP: '1000', ...window });
});
afterAll(() => ctx.close());

// A client address of its own for each test, so counters left by another test (or by an earlier
// run against the same Redis) never meet this one's.
const freshIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
const hit = (app: FastifyInstance, endpoint: Pick<Endpoint, 'method' | 'path'>, ip: string) =>
  app.inject({ method: endpoint.method, url: endpoint.path, headers: { 'x-forwarded-for': ip }, payload: endpoint.method === 'GET' ? undefined : {} });

/**
 * Every anonymous write of the public contract, the sign-in nonce (a row written per call), and
 * the development issuer's form and token endpoint (each signs an ID token).
 */
const publicWrites: Pick<Endpoint, 'method' | 'path'>[] = [
  ...Object.values(api as Record<string, Endpoint>).filter((e) => !e.auth && e.method !== 'GET' && !['/user/login', '/user/signup'].includes(e.path)),
  api.loginNonce,
  { method: 'POST', path: '/dev-idp/authorize' },
  { method: 'POST', path: '/dev-idp/token' },
];

describe('every public write is rate limited per client address', () => {
  it('covers the contact form, the sign-in nonce, the PayPal webhook and the development issuer', () => {
    expect(publicWrites.map((e) => e.path)).toEqual(expect.arrayContaining(['/contact', '/user/login/nonce', '/payments/paypal/webhook', '/dev-idp/token']));
  });

  for (const endpoint of publicWrites) {
    it(`${endpoint.method} ${endpoint.path}: the request past the limit is 429 with Retry-After`, async () => {
      const ip = freshIp();
      for (let i = 0; i < LIMIT; i += 1) expect((await hit(ctx.app, endpoint, ip)).statusCode).not.toBe(429);
      const limited = await hit(ctx.app, endpoint, ip);
      expect(limited.statusCode).toBe(429);
      expect(limited.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(limited.json()).toMatchObject({ status: 429, message: expect.stringMatching(/Too many attempts/) });
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      // Another address is not affected.
      expect((await hit(ctx.app, endpoint, freshIp())).statusCode).not.toBe(429);
    });
  }

  it('counts each route apart', async () => {
    const ip = freshIp();
    for (let i = 0; i <= LIMIT; i += 1) await hit(ctx.app, api.loginNonce, ip);
    expect((await hit(ctx.app, api.loginNonce, ip)).statusCode).toBe(429);
    expect((await hit(ctx.app, api.contact, ip)).statusCode).toBe(400);
  });

  it('leaves reads and signed-in calls alone', async () => {
    const ip = freshIp();
    for (let i = 0; i <= LIMIT + 2; i += 1) expect((await hit(ctx.app, api.subscriptionPlans, ip)).statusCode).toBe(200);
  });
});

describe('several server processes share one count', () => {
  it('PostgreSQL (the default): two apps on one database', async () => {
    const second = await buildApp({ config: ctx.config, db: ctx.db });
    try {
      const ip = freshIp();
      const statuses = [];
      for (let i = 0; i <= LIMIT; i += 1) statuses.push((await hit(i % 2 ? second : ctx.app, api.loginNonce, ip)).statusCode);
      expect(statuses).toEqual([...Array(LIMIT).fill(200), 429]);
    } finally {
      await second.close();
    }
  });

  it('PostgreSQL: two limiters on one database share a service-level count', async () => {
    const counters = [postgresCounter(ctx.db), postgresCounter(ctx.db)];
    expect(await exhaust(counters.map(limiterOf), `test:${freshIp()}`)).toBe(5);
  });
});

const REDIS_URL = TEST_REDIS_URL;
// Reported as skipped, with the reason in the test's name, when this machine has no Redis.
const whenRedis = it.skipIf(!redisReachable);

describe('Redis (REDIS_URL)', () => {
  whenRedis(`two apps with REDIS_URL share the count${redisNote}`, async () => {
    const config = { ...ctx.config, redisUrl: REDIS_URL };
    const [a, b] = [await buildApp({ config, db: ctx.db }), await buildApp({ config, db: ctx.db })];
    try {
      const ip = freshIp();
      const statuses = [];
      for (let i = 0; i <= LIMIT; i += 1) statuses.push((await hit(i % 2 ? b : a, api.contact, ip)).statusCode);
      expect(statuses).toEqual([...Array(LIMIT).fill(400), 429]);
      // The counters are in Redis, not in the database.
      const redis = new Redis(REDIS_URL);
      try {
        expect(await redis.keys(`marquee:rl:route:POST /contact:${ip}*`)).toHaveLength(1);
      } finally {
        redis.disconnect();
      }
    } finally {
      await a.close();
      await b.close();
    }
  });

  whenRedis(`two Redis clients share a service-level count${redisNote}`, async () => {
    const counters = [redisCounter(new Redis(REDIS_URL)), redisCounter(new Redis(REDIS_URL))];
    try {
      expect(await exhaust(counters.map(limiterOf), `test:${freshIp()}:${Date.now()}`)).toBe(5);
    } finally {
      await Promise.all(counters.map((c) => c.close()));
    }
  });
});

async function exhaust(limiters: RateLimiter[], key: string): Promise<number> {
  let allowed = 0;
  for (let i = 0; i < 10; i += 1) {
    try {
      await limiters[i % limiters.length]!.consume(key, { limit: 5, windowSeconds: 60 });
      allowed += 1;
    } catch (error) {
      expect(error).toBeInstanceOf(TooManyRequestsError);
    }
  }
  return allowed;
}
