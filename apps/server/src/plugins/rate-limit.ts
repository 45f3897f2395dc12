import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import type { Config } from '../config';
import type { Executor } from '../db/client';
import { TooManyRequestsError } from '../lib/domain-errors';
import { clearFinishedWindows, countHit } from './rate-limit.repository';

export interface RateLimitRule {
  limit: number;
  windowSeconds: number;
}

/**
 * Fixed-window hit counters shared by every server process: in PostgreSQL by default, in Redis
 * when REDIS_URL is set. `hit` counts one hit of `key` and says how many the window has had.
 */
export interface HitCounter {
  hit(key: string, windowMs: number): Promise<{ current: number; ttlMs: number }>;
  close(): Promise<void>;
}

export function postgresCounter(db: Executor, now: () => number = Date.now): HitCounter {
  return {
    async hit(key, windowMs) {
      const { windowStart, ttlMs } = currentWindow(now(), windowMs);
      const current = await countHit(db, { key, windowStart: new Date(windowStart) });
      // First hit of a window: clear this key's finished windows.
      if (current === 1) await clearFinishedWindows(db, { key, windowStart: new Date(windowStart) });
      return { current, ttlMs };
    },
    async close() {},
  };
}

export function redisCounter(redis: Redis, now: () => number = Date.now): HitCounter {
  return {
    async hit(key, windowMs) {
      const { windowStart, ttlMs } = currentWindow(now(), windowMs);
      const redisKey = `marquee:rl:${key}:${windowStart}`;
      const [[error, current]] = (await redis.multi().incr(redisKey).pexpire(redisKey, windowMs + 5000).exec()) as [
        [Error | null, number],
      ];
      if (error) throw error;
      return { current, ttlMs };
    },
    async close() {
      redis.disconnect();
    },
  };
}

/** The counters of the configuration: Redis when REDIS_URL is set, else the application's database. */
export function counterFromConfig(config: Pick<Config, 'redisUrl'>, db: Executor): HitCounter {
  return config.redisUrl
    ? redisCounter(new Redis(config.redisUrl, { maxRetriesPerRequest: 2 }))
    : postgresCounter(db);
}

/** A check inside a service, on a key only the service knows (the account of a verified ID token). */
export interface RateLimiter {
  /** Counts one hit; TooManyRequestsError past the rule's limit. */
  consume(key: string, rule: RateLimitRule): Promise<void>;
}

export function limiterOf(counter: HitCounter): RateLimiter {
  return {
    async consume(key, rule) {
      const { current, ttlMs } = await counter.hit(key, rule.windowSeconds * 1000);
      if (current > rule.limit) throw new TooManyRequestsError(retryAfterSeconds(ttlMs));
    },
  };
}

/** Which limit a route is under: every public write is under one of them. */
export type RouteLimit = 'public-write' | 'sign-in';

declare module 'fastify' {
  interface FastifyInstance {
    /** The @fastify/rate-limit route settings of each RouteLimit. */
    routeLimits: Record<RouteLimit, NonNullable<RouteOptions['config']>['rateLimit']>;
  }
}

export interface RateLimitOptions {
  counter: HitCounter;
  publicWrite: RateLimitRule;
  signIn: RateLimitRule;
}

/**
 * @fastify/rate-limit on the routes that ask for it (route() puts every public write under
 * one), counting per client address in the shared counters. Sign-in and sign-up share one count.
 */
export const rateLimitPlugin = fp(async (app: FastifyInstance, options: RateLimitOptions) => {
  const { counter } = options;
  await app.register(rateLimit, {
    global: false,
    store: counterStore(counter),
    keyGenerator: (request) => request.ip,
    errorResponseBuilder: (_request, context) => new TooManyRequestsError(retryAfterSeconds(context.ttl)),
  });
  const settings = (rule: RateLimitRule, groupId?: string) => ({
    max: rule.limit,
    timeWindow: rule.windowSeconds * 1000,
    ...(groupId ? { groupId } : {}),
  });
  app.decorate('routeLimits', { 'public-write': settings(options.publicWrite), 'sign-in': settings(options.signIn, 'sign-in') });
  app.addHook('onClose', () => counter.close());
});

interface RouteLimitSettings {
  groupId?: string;
  routeInfo: { method?: string | string[]; url?: string };
}

interface StoreResult {
  current: number;
  ttl: number;
}

/** @fastify/rate-limit's store interface over a HitCounter; each route (or group) counts apart. */
function counterStore(counter: HitCounter) {
  class CounterStore {
    constructor(
      _options: unknown,
      private readonly prefix = 'route:',
    ) {}

    incr(key: string, done: (error: Error | null, result?: StoreResult) => void, timeWindow: number): void {
      counter.hit(`${this.prefix}${key}`, timeWindow).then(
        ({ current, ttlMs }) => done(null, { current, ttl: ttlMs }),
        (error: Error) => done(error),
      );
    }

    // Called with the route's merged rate-limit settings (typed as route options by the package).
    child(routeOptions: object): CounterStore {
      const { groupId, routeInfo } = routeOptions as RouteLimitSettings;
      return new CounterStore(undefined, groupId ? `group:${groupId}:` : `route:${String(routeInfo.method)} ${routeInfo.url}:`);
    }
  }
  return CounterStore;
}

function currentWindow(nowMs: number, windowMs: number) {
  const windowStart = Math.floor(nowMs / windowMs) * windowMs;
  return { windowStart, ttlMs: windowStart + windowMs - nowMs };
}

const retryAfterSeconds = (ttlMs: number) => Math.max(1, Math.ceil(ttlMs / 1000));
