import { Redis } from 'ioredis';

/** The Redis the tests use: TEST_REDIS_URL, or the one every developer and CI machine runs. */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Whether that Redis answers (the tests that need it are skipped, saying why, when it does not). */
export const redisReachable = await reachable(TEST_REDIS_URL);

/** Appended to the name of a test that needs Redis, so a skip says why. */
export const redisNote = redisReachable ? '' : ` [skipped: no Redis at ${TEST_REDIS_URL}]`;

async function reachable(url: string): Promise<boolean> {
  const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null, connectTimeout: 1000 });
  probe.on('error', () => {});
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}
