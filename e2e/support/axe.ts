import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';
import type { AxeResults, Result } from 'axe-core';

/** WCAG 2.1 A and AA, the bar every screen meets (DESIGN §8). */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** axe-core's browser build, read once per worker. */
let axeSource: string | undefined;
function axeScript(): string {
  axeSource ??= readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  return axeSource;
}

function readable(violations: Result[]): string[] {
  return violations.map(
    (violation) =>
      `${violation.id} (${violation.impact ?? 'n/a'}): ${violation.help}\n` +
      violation.nodes.map((node) => `    ${node.target.join(' ')}`).join('\n'),
  );
}

/**
 * Runs axe on the page as it is now and fails with a readable list of
 * violations. axe goes into the page the first time a document is checked
 * (evaluated over the DevTools protocol, so the page's CSP does not refuse
 * it) and runs in place: our screens have no frames, so the whole screen is
 * the top document. (AxeBuilder injects axe again into every frame on every
 * check and opens a blank page to merge the frames' results: about 2 s a
 * check, ~150 checks a run.)
 */
export async function expectNoAxeViolations(page: Page, screen: string): Promise<void> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeScript());
  const { violations } = await page.evaluate(
    (tags) =>
      (window as unknown as { axe: { run(options: object): Promise<AxeResults> } }).axe.run({
        runOnly: { type: 'tag', values: tags },
        // only the violations are read: axe keeps no node list for passes and the rest, most of its run time
        resultTypes: ['violations'],
      }),
    WCAG_TAGS,
  );
  expect(readable(violations), `axe violations on ${screen}`).toEqual([]);
}
