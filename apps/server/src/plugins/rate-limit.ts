import { sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import type { Executor } from '../db/client';
import { rateLimitCounters } from '../db/schema';
import { TooManyRequestsError } from '../lib/domain-errors';

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
      const [row] = await db
        .insert(rateLimitCounters)
        .values({ key, windowStart: new Date(windowStart), hits: 1 })
        .onConflictDoUpdate({
          target: [rateLimitCounters.key, rateLimitCounters.windowStart],
          set: { hits: sql`${rateLimitCounters.hits} + 1` },
        })
        .returning({ hits: rateLimitCounters.hits });
      if (row!.hits === 1) {
        // First hit of a window: clear this key's finished windows.
        await db.execute(
          sql`delete from ${rateLimitCounters} where ${rateLimitCounters.key} = ${key} and ${rateLimitCounters.windowStart} < ${new Date(windowStart)}`,
        );
      }
      if (row!.hits > rule.limit) throw new TooManyRequestsError(retryAfter);
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
