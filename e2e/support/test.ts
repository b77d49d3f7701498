import { test as base, expect } from '@playwright/test';

let callers = 0;

/**
 * A client address of its own (10.0.0.0/8), sent as X-Forwarded-For to the
 * e2e server, which trusts one proxy hop: each test is a different person to
 * the server's per-address abuse limits, as real customers are, instead of
 * every test of a run sharing 127.0.0.1's hourly allowance.
 */
export function newCallerAddress(): string {
  callers += 1;
  return `10.${process.pid % 250}.${Math.floor(callers / 250) % 250}.${(callers % 250) + 1}`;
}

/**
 * Playwright's `test`, watching every page for Content-Security-Policy
 * violations: a test fails if anything on its pages was refused by the CSP
 * the server sends (an inline style or script would be). Each test is a
 * caller of its own (`newCallerAddress`).
 */
export const test = base.extend<{ cspGuard: undefined }>({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use) => {
    await use({ ...extraHTTPHeaders, 'x-forwarded-for': newCallerAddress() });
  },
  cspGuard: [
    async ({ context }, use) => {
      await context.addInitScript(() => {
        const seen: string[] = [];
        (window as unknown as { cspViolations: string[] }).cspViolations = seen;
        document.addEventListener('securitypolicyviolation', (event) => {
          seen.push(
            `${event.violatedDirective}: ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`,
          );
        });
      });
      await use(undefined);
      for (const page of context.pages()) {
        if (page.isClosed()) continue;
        const violations = await page
          .evaluate(() => (window as unknown as { cspViolations?: string[] }).cspViolations ?? [])
          .catch(() => []);
        expect(violations, `Content-Security-Policy violations on ${page.url()}`).toEqual([]);
      }
    },
    { auto: true },
  ],
});

export { expect };
