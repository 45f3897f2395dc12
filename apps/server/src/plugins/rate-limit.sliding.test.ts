import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TooManyRequestsError } from '../lib/domain-errors';
import { PIN_ATTEMPTS } from '../modules/profiles/profiles.service';
import { redisNote, redisReachable, TEST_REDIS_URL } from '../../test/redis';
import { createTestContext, type TestContext } from '../../test/test-app';
import { limiterOf } from './rate-limit';
import { postgresCounter, redisCounter, type HitClock, type HitCounter } from './rate-limit-store';

// The limits are sliding: at most `limit` hits in ANY window of the rule's length, wherever it
// starts. Fixed windows that start on the clock let twice the limit through around their edge.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const QUARTER_HOUR = 15 * 60_000;
/** The next quarter-hour: where the fixed windows of earlier releases started again. */
const nextQuarterHour = () => Math.ceil((Date.now() + 60_000) / QUARTER_HOUR) * QUARTER_HOUR;

/** A clock the test moves by hand. */
function testClock(start: number): HitClock & { at(ms: number): void } {
  let now = start;
  return Object.assign(() => now, { at: (ms: number) => void (now = ms) });
}

const stores: { name: string; skip: boolean; open(clock?: HitClock): HitCounter }[] = [
  { name: process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite', skip: false, open: (clock) => postgresCounter(ctx.db, clock) },
  { name: `Redis${redisNote}`, skip: !redisReachable, open: (clock) => redisCounter(new Redis(TEST_REDIS_URL), clock) },
];

describe.each(stores)('a sliding window on $name', (store) => {
  const test = it.skipIf(store.skip);
  const counters: HitCounter[] = [];
  const open = (clock?: HitClock) => {
    const counter = store.open(clock);
    counters.push(counter);
    return counter;
  };
  afterAll(() => Promise.all(counters.map((c) => c.close())));

  test('lets no more PIN attempts than the limit across a quarter-hour, and says exactly when the next is allowed', async () => {
    const boundary = nextQuarterHour();
    const clock = testClock(boundary);
    const pins = limiterOf(open(clock));
    const key = `profile-pin:${randomUUID()}`;
    // One attempt a second in the ten seconds before the quarter-hour.
    const first = boundary - 10_000;
    for (let i = 0; i < PIN_ATTEMPTS.limit; i += 1) {
      clock.at(first + i * 1000);
      await pins.consume(key, PIN_ATTEMPTS);
    }

    clock.at(boundary + 1000);
    const refused = await pins.consume(key, PIN_ATTEMPTS).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(TooManyRequestsError);
    // The first attempt leaves the window 15 minutes after it was made: 889 s from now.
    expect((refused as TooManyRequestsError).retryAfterSeconds).toBe(PIN_ATTEMPTS.windowSeconds - 11);

    const window = PIN_ATTEMPTS.windowSeconds * 1000;
    clock.at(first + window - 1);
    await expect(pins.consume(key, PIN_ATTEMPTS)).rejects.toBeInstanceOf(TooManyRequestsError);
    clock.at(first + window);
    await expect(pins.consume(key, PIN_ATTEMPTS)).resolves.toBeUndefined();
    // Only the first attempt has left: the next place frees a second later.
    const next = await pins.consume(key, PIN_ATTEMPTS).catch((error: unknown) => error);
    expect((next as TooManyRequestsError).retryAfterSeconds).toBe(1);
  });

  test('holds at most the limit in any window, refuses only when the window is full, and tells the exact wait', async () => {
    const rule = { limit: 5, windowMs: 10_000 };
    const clock = testClock(nextQuarterHour() - 25_000);
    // Two nodes on one store; bursts in one millisecond, gaps across windows.
    const nodes = [open(clock), open(clock)];
    const key = `sweep:${randomUUID()}`;
    const admitted: number[] = [];
    let seed = 7;
    const random = () => ((seed = (seed * 48271) % 2147483647) / 2147483647);
    for (let i = 0; i < 160; i += 1) {
      const gap = [0, 1, 250, 999, 1000, 3000, 9999, 10_000][Math.floor(random() * 8)]!;
      clock.at(clock() + gap);
      const now = clock();
      const outcome = await nodes[i % 2]!.hit(key, rule);
      const inWindow = admitted.filter((t) => t > now - rule.windowMs);
      expect(outcome.admitted, `hit ${i} at +${now % 100_000} ms`).toBe(inWindow.length < rule.limit);
      if (outcome.admitted) {
        admitted.push(now);
        expect(outcome.inWindow).toBe(inWindow.length + 1);
      } else {
        // Admitted again once the limit-th latest hit has left the window.
        expect(outcome.resetMs).toBe(inWindow[inWindow.length - rule.limit]! + rule.windowMs - now);
      }
    }
    // Every window ending at an admitted hit (the fullest windows end at one) holds at most the limit.
    for (const end of admitted) expect(admitted.filter((t) => t > end - rule.windowMs && t <= end).length).toBeLessThanOrEqual(rule.limit);
    expect(admitted.length).toBeGreaterThan(rule.limit * 3);
  });

  test("uses the store's clock when none is given, and hits at once from several nodes let exactly the limit through", async () => {
    const nodes = [open(), open(), open()];
    const key = `burst:${randomUUID()}`;
    const outcomes = await Promise.all(Array.from({ length: 24 }, (_, i) => nodes[i % 3]!.hit(key, { limit: 7, windowMs: 60_000 })));
    expect(outcomes.filter((o) => o.admitted)).toHaveLength(7);
    const refused = outcomes.find((o) => !o.admitted)!;
    expect(refused.resetMs).toBeGreaterThan(50_000);
    expect(refused.resetMs).toBeLessThanOrEqual(60_000);
  });

  test('a lower limit after a change of configuration counts the hits already made', async () => {
    const clock = testClock(nextQuarterHour());
    const counter = open(clock);
    const key = `lowered:${randomUUID()}`;
    for (let i = 0; i < 6; i += 1) expect((await counter.hit(key, { limit: 6, windowMs: 60_000 })).admitted).toBe(true);
    clock.at(clock() + 1000);
    expect(await counter.hit(key, { limit: 3, windowMs: 60_000 })).toMatchObject({ admitted: false, resetMs: 59_000 });
    clock.at(clock() + 59_000);
    expect((await counter.hit(key, { limit: 3, windowMs: 60_000 })).admitted).toBe(true);
  });
});
