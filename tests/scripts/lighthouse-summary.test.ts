import { describe, expect, it } from 'vitest';
import { pickPages } from '../../scripts/bench/lighthouse-pages.ts';
import type { Score } from '../../scripts/bench/lighthouse-score.ts';
import { summary } from '../../scripts/bench/lighthouse-summary.ts';

/** The Lighthouse bench's verdict on a page beside the floor, and which pages `--pages=` picks. */
const run = (perf: number, lcpMs: number, cls = 0): Score => ({ perf, lcpMs, tbtMs: 0, cls });
const floor = [run(99, 2000), run(98, 1900), run(99, 2100)];

describe('the Lighthouse goal', () => {
  it('is met at the floor − 2 points and 1.1 × its LCP with no shift', () => {
    const line = summary('home', [run(97, 2200), run(97, 2150), run(96, 2300)], floor);
    expect(line).toContain('perf 97 [96–97] (floor 99 [98–99])');
    expect(line).toContain('LCP 2200 [2150–2300] ms (floor 2000 [1900–2100] ms, 1.10×)');
    expect(line).toMatch(/goal met$/);
  });

  it.each([
    ['performance 3 points under the floor', [run(96, 2000)]],
    ['an LCP past 1.1 × the floor', [run(99, 2201)]],
    ['any layout shift in any run', [run(99, 2000), run(99, 2000, 0.001), run(99, 2000)]],
  ])('is not met with %s', (_, runs) => {
    expect(summary('home', runs, floor)).toMatch(/goal not met$/);
  });
});

describe('--pages=', () => {
  it('picks the pages named, in the bench order', () => {
    expect(pickPages(['transfer', 'sign-in'])).toEqual(['sign-in', 'transfer']);
    expect(pickPages(undefined)).toHaveLength(11);
  });

  it('refuses a page it does not know rather than score none', () => {
    expect(() => pickPages(['home', 'settings'])).toThrow(/unknown page\(s\) settings/);
  });
});
