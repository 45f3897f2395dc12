import { defineConfig, devices } from '@playwright/test';

const baseURL = process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3000';

/** Debian's Chromium, never a downloaded browser (the machines have no internet). */
const launchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};

export default defineConfig({
  testDir: './specs',
  // Set by run.mjs on the PostgreSQL pass of CI only (once-per-ci-run.mjs).
  testIgnore: (process.env.E2E_SKIP_SPECS ?? '').split(',').filter(Boolean).map((spec) => `**/${spec}`),
  // Waits until the demo media is transcoded, so no spec races the transcodes for the CPU.
  globalSetup: './global-setup.ts',
  // One folder per failed test, named after its spec file and title (e.g. billing-a-new-viewer-…-desktop).
  outputDir: './.artifacts/results',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  // Generous for a loaded 2-core machine; the waits inside a test are on the app's own state.
  timeout: 120_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    baseURL,
    launchOptions,
    // Kept small: DOM snapshots and network, without the screencast film strip or the source files.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: false },
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 }, launchOptions } },
  ],
});
