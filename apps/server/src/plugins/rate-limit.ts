import type { Redis } from 'ioredis';
import type { Executor } from '../db/client';
import { TooManyRequestsError } from '../lib/domain-errors';
import { clearFinishedWindows, countHit } from './rate-limit.repository';

export interface RateLimitRule {
  limit: number;
  windowSeconds: number;
}

/**
 * Fixed-window counters shared by every server process: in PostgreSQL by default, in Redis when
 * REDIS_URL is set. `consume` counts one hit and throws TooManyRequestsError past the limit.
 */
export interface RateLimiter {
  consume(key: string, rule: RateLimitRule): Promise<void>;
}

export function postgresRateLimiter(db: Executor, now: () => number = Date.now): RateLimiter {
  return {
    async consume(key, rule) {
      const { windowStart, retryAfter } = currentWindow(now(), rule.windowSeconds);
      const hits = await countHit(db, { key, windowStart: new Date(windowStart) });
      // First hit of a window: clear this key's finished windows.
      if (hits === 1) await clearFinishedWindows(db, { key, windowStart: new Date(windowStart) });
      if (hits > rule.limit) throw new TooManyRequestsError(retryAfter);
    },
  };
}

export function redisRateLimiter(redis: Redis, now: () => number = Date.now): RateLimiter {
  return {
    async consume(key, rule) {
      const { windowStart, retryAfter } = currentWindow(now(), rule.windowSeconds);
      const redisKey = `marquee:rl:${key}:${windowStart}`;
      const [[, hits]] = (await redis.multi().incr(redisKey).expire(redisKey, rule.windowSeconds + 5).exec()) as [
        [Error | null, number],
      ];
      if (hits > rule.limit) throw new TooManyRequestsError(retryAfter);
    },
  };
}

function currentWindow(nowMs: number, windowSeconds: number) {
  const windowMs = windowSeconds * 1000;
  const windowStart = Math.floor(nowMs / windowMs) * windowMs;
  return { windowStart, retryAfter: Math.max(1, Math.ceil((windowStart + windowMs - nowMs) / 1000)) };
}
