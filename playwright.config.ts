import { defineConfig } from '@playwright/test';

/** Set by scripts/e2e.ts, which starts the real server on this origin. */
const baseURL = process.env.E2E_BASE_URL ?? 'http://localhost:8181';

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  // Two browsers at a time against the one server: each test is a customer of its own (and a caller
  // address of its own, support/test.ts), and much of a test's time is waiting on the server and on
  // the sandbox partner's steps, so the two cores are kept busy.
  workers: 2,
  fullyParallel: false,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: 'list',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  outputDir: 'test-results',
  use: {
    baseURL,
    browserName: 'chromium',
    locale: 'en-GB',
    serviceWorkers: 'allow',
    trace: 'retain-on-failure',
    launchOptions: {
      // The Chromium scripts/e2e.ts found on the machine; unset means Playwright's own.
      executablePath: process.env.PLAYWRIGHT_CHROMIUM_PATH || undefined,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [{ name: 'chromium' }],
});
