import { randomBytes } from 'node:crypto';

/**
 * What a benchmarked server runs with: production mode as a staging site (the development sign-in
 * and the sandbox stand in for Google and PayPal, which the benchmarks cannot reach), so it passes
 * production's start-up checks. Its pages show the test-mode ribbon.
 */
export const benchProductionEnv = {
  NODE_ENV: 'production',
  STAGING_TEST_PROVIDERS: 'dev-sign-in,sandbox-payments',
  PUBLIC_URL: 'https://bench.marquee.invalid',
  MEDIA_SIGNING_KEYS: randomBytes(32).toString('base64url'),
  SEED_DEMO: 'false',
} as const;
