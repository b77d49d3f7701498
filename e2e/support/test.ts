import { test as base, expect } from '@playwright/test';

/**
 * Playwright's `test`, watching every page for Content-Security-Policy
 * violations: a test fails if anything on its pages was refused by the CSP
 * the server sends (an inline style or script would be).
 */
export const test = base.extend<{ cspGuard: undefined }>({
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
