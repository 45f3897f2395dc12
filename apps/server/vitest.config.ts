import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    setupFiles: ['./test/setup.ts'],
    // Migrates one database for the whole run; each file's database is a copy of it (test-app.ts).
    globalSetup: ['./test/global-setup.ts'],
    // Each file opens its own database (an embedded one takes a few seconds to start).
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // At least two files at a time (vitest's default leaves one core idle): a file spends much of
    // its time waiting on its database, a child process or a timer, so two keep 2 cores busy.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
