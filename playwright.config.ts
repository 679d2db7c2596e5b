import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './tests/support/chromium.ts';

// Each spec file starts its own real server on a fresh data folder (tests/e2e/fixtures.ts), so files are
// independent and can run in parallel.
export default defineConfig({
  // The console's end-to-end specs, and the security checks that need a browser (CSRF, framing).
  testDir: 'tests',
  testMatch: ['e2e/**/*.spec.ts', 'security/**/*.spec.ts'],
  fullyParallel: false,
  workers: 2,
  // A spec walks a person's whole path (a dozen steps and more): on a busy 2-core machine that takes minutes.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: 'test-results',
  use: {
    browserName: 'chromium',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    viewport: { width: 1280, height: 800 },
    reducedMotion: 'reduce',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
});
