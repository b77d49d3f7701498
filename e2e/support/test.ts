import { test as base, expect } from '@playwright/test';

let callers = 0;

/**
 * Playwright's `test`, watching every page for Content-Security-Policy
 * violations: a test fails if anything on its pages was refused by the CSP
 * the server sends (an inline style or script would be). Each test is a
 * caller of its own: its requests carry their own X-Forwarded-For address
 * (198.18.0.0/15, set aside for tests; the e2e server trusts one proxy hop),
 * so the per-address abuse limits count one test's registrations and
 * sign-ins, never the whole suite's.
 */
export const test = base.extend<{ cspGuard: undefined }>({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) => {
    callers += 1;
    const address = `198.18.${testInfo.workerIndex % 256}.${callers % 256}`;
    await use({ ...extraHTTPHeaders, 'X-Forwarded-For': address });
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
