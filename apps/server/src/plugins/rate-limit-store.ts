import { Redis } from 'ioredis';
import type { Config } from '../config';
import type { Executor } from '../db/client';
import { logHit } from './rate-limit.repository';

export interface HitRule {
  limit: number;
  windowMs: number;
}

export interface HitOutcome {
  admitted: boolean;
  /** Admitted hits in the window ending now, this one included when admitted. */
  inWindow: number;
  /** Until the oldest hit that counts leaves the window; when refused, until a hit would be admitted. */
  resetMs: number;
}

/**
 * Sliding-window logs shared by every server process: in PostgreSQL by default, in Redis when
 * REDIS_URL is set. A hit is admitted while fewer than `limit` admitted hits fall in the `windowMs`
 * ending now, so no window of that length, wherever it starts, holds more (docs/decisions/009).
 * Each hit is one statement or one script: atomic, and ordered per key across nodes.
 */
export interface HitCounter {
  hit(key: string, rule: HitRule): Promise<HitOutcome>;
  close(): Promise<void>;
}

/** The clock of hits in ms; without one, the store's own (one clock for every node of the site). */
export type HitClock = () => number;

export function postgresCounter(db: Executor, now?: HitClock): HitCounter {
  return {
    async hit(key, rule) {
      const { admitted, inWindow, resetMs } = await logHit(db, { key, ...rule, nowMs: now ? Math.floor(now()) : null });
      return { admitted, inWindow, resetMs };
    },
    async close() {},
  };
}

/**
 * The same log in a Redis list per key, newest first, trimmed to the limit; the script runs
 * alone, so hits of a key are ordered as in PostgreSQL. The key expires a window after its
 * newest hit, when nothing in it counts any more.
 */
const SLIDING_LOG_SCRIPT = `
local limit = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local now = tonumber(ARGV[3])
if not now then
  local time = redis.call('TIME')
  now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
end
local hits = redis.call('LRANGE', KEYS[1], 0, limit - 1)
local newest = tonumber(hits[1])
if newest and newest > now then now = newest end
local oldest = tonumber(hits[limit])
if oldest and oldest > now - window then
  return {0, #hits, oldest + window - now}
end
redis.call('LPUSH', KEYS[1], string.format('%d', now))
redis.call('LTRIM', KEYS[1], 0, limit - 1)
redis.call('PEXPIRE', KEYS[1], window)
local inWindow, oldestCounted = 1, now
for i = 1, math.min(#hits, limit - 1) do
  local hit = tonumber(hits[i])
  if hit > now - window then inWindow, oldestCounted = inWindow + 1, hit end
end
return {1, inWindow, oldestCounted + window - now}
`;

type SlidingLogRedis = Redis & {
  slidingLog(key: string, limit: number, windowMs: number, nowMs: string): Promise<[number, number, number]>;
};

export function redisCounter(redis: Redis, now?: HitClock): HitCounter {
  // ioredis sends EVALSHA, and the script itself only when Redis does not know it yet.
  redis.defineCommand('slidingLog', { numberOfKeys: 1, lua: SLIDING_LOG_SCRIPT });
  const client = redis as SlidingLogRedis;
  return {
    async hit(key, rule) {
      const [admitted, inWindow, resetMs] = await client.slidingLog(`marquee:rl:${key}`, rule.limit, rule.windowMs, now ? String(Math.floor(now())) : '');
      return { admitted: admitted === 1, inWindow, resetMs: Math.max(0, resetMs) };
    },
    async close() {
      redis.disconnect();
    },
  };
}

/** The counters of the configuration: Redis when REDIS_URL is set, else the application's database. */
export function counterFromConfig(config: Pick<Config, 'redisUrl'>, db: Executor, now?: HitClock): HitCounter {
  return config.redisUrl
    ? redisCounter(new Redis(config.redisUrl, { maxRetriesPerRequest: 2 }), now)
    : postgresCounter(db, now);
}
