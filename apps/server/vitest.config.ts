import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    setupFiles: ['./test/setup.ts'],
    // Each file opens its own database (an embedded one takes a few seconds to start).
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
});
