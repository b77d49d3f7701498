import { defineConfig } from '@playwright/test';
import { WHOLE_BROWSER } from './e2e/support/whole-browser.ts';

/** Set by scripts/e2e.ts, which starts the real server on this origin. */
const baseURL = process.env.E2E_BASE_URL ?? 'http://localhost:8181';

const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/**
 * The Chromium scripts/e2e.ts found: the whole browser, and its headless shell (the same engine without the
 * browser's notifications, install offer and camera); the whole browser runs everything where there is no shell.
 * Unset means Playwright's own download of each.
 */
const wholeBrowser = process.env.PLAYWRIGHT_CHROMIUM_PATH || undefined;
const headlessShell = process.env.PLAYWRIGHT_HEADLESS_SHELL_PATH || wholeBrowser;

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  // Two browsers at a time against the one server, each test on whichever is free: each test is a customer of
  // its own (and a caller address of its own, support/test.ts). Three kept the two cores so busy that tests ran
  // twice as long and timed out.
  workers: 2,
  fullyParallel: true,
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
    // As a customer who turned animations off sees the app (prefers-reduced-motion): no view transition between
    // screens to render, 15 % off the run's time on two cores; the motion itself is CSS the tests do not read.
    reducedMotion: 'reduce',
    // No service worker unless a spec asks for one (`test.use({ serviceWorkers: 'allow' })`: the offline, push
    // and update specs): installing it precaches every chunk of the app (~150 files) in each test's browser.
    serviceWorkers: 'block',
    // The push permission modal (SPEC §4) answered "Not now" on every test's device: offered after a navigation
    // wherever a worker runs, it would stand over whatever a spec does next; server-push.spec.ts asks it afresh.
    storageState: {
      cookies: [],
      origins: [{ origin: new URL(baseURL).origin, localStorage: [{ name: 'push-prompt', value: 'later' }] }],
    },
    // No trace unless asked for (E2E_TRACE=1): recording one for every test, kept only on failure, cost 15 % of the
    // run's time; a failure still leaves the page's accessibility snapshot in test-results/.
    trace: process.env.E2E_TRACE ? 'retain-on-failure' : 'off',
  },
  projects: [
    {
      name: 'chromium',
      grepInvert: new RegExp(WHOLE_BROWSER),
      // with no path, Playwright's own headless shell
      use: { launchOptions: { executablePath: headlessShell, args: ARGS } },
    },
    {
      name: 'chromium-whole',
      grep: new RegExp(WHOLE_BROWSER),
      use: wholeBrowser
        ? { launchOptions: { executablePath: wholeBrowser, args: ARGS } }
        : { channel: 'chromium', launchOptions: { args: ARGS } },
    },
  ],
});
