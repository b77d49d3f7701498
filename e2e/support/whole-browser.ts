/**
 * The tag of a test that needs what only the whole browser has: a system notification, the offer to install, a
 * (fake) camera. Every other test runs in Chromium's headless shell, the same engine in about half the CPU time
 * (playwright.config.ts, docs/decisions.md).
 */
export const WHOLE_BROWSER = '@whole-browser';
