import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { TooManyRequestsError } from '../lib/domain-errors';
import type { HitCounter } from './rate-limit-store';

export interface RateLimitRule {
  limit: number;
  windowSeconds: number;
}

/** A check inside a service, on a key only the service knows (the account of a verified ID token). */
export interface RateLimiter {
  /**
   * One attempt; TooManyRequestsError (with the wait until one would be allowed) when the rule's
   * limit of attempts already fell in the window that ends now.
   */
  consume(key: string, rule: RateLimitRule): Promise<void>;
}

export function limiterOf(counter: HitCounter): RateLimiter {
  return {
    async consume(key, rule) {
      const { admitted, resetMs } = await counter.hit(key, { limit: rule.limit, windowMs: rule.windowSeconds * 1000 });
      if (!admitted) throw new TooManyRequestsError(retryAfterSeconds(resetMs));
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

    // @fastify/rate-limit refuses when `current` passes its max: a refused hit reports max + 1.
    incr(key: string, done: (error: Error | null, result?: StoreResult) => void, timeWindow: number, max: number): void {
      counter.hit(`${this.prefix}${key}`, { limit: max, windowMs: timeWindow }).then(
        ({ admitted, inWindow, resetMs }) => done(null, { current: admitted ? inWindow : max + 1, ttl: resetMs }),
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

const retryAfterSeconds = (ttlMs: number) => Math.max(1, Math.ceil(ttlMs / 1000));
