/**
 * A page's Lighthouse runs beside the floor's of the same run, and the goal:
 * performance at least the floor's median − 2, LCP at most 1.1 times the
 * floor's median, and no layout shift in any run (CLS 0.000).
 */
import type { Score } from './lighthouse-score.ts';

/** A page's median and range beside the floor's of the same run, and whether the goal is met. */
export function summary(page: string, runs: Score[], floor: Score[]): string {
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)] ?? NaN;
  const spread = (values: number[]) => `${median(values)} [${Math.min(...values)}–${Math.max(...values)}]`;
  const perf = median(runs.map((r) => r.perf));
  const lcp = median(runs.map((r) => r.lcpMs));
  const floorPerf = median(floor.map((r) => r.perf));
  const floorLcp = median(floor.map((r) => r.lcpMs));
  const cls = Math.max(...runs.map((r) => r.cls));
  const met = perf >= floorPerf - 2 && lcp <= 1.1 * floorLcp && cls === 0;
  return (
    `${page.padEnd(42)} median [range] of ${runs.length}: perf ${spread(runs.map((r) => r.perf))} (floor ${spread(floor.map((r) => r.perf))}), ` +
    `LCP ${spread(runs.map((r) => r.lcpMs))} ms (floor ${spread(floor.map((r) => r.lcpMs))} ms, ${(lcp / floorLcp).toFixed(2)}×), ` +
    `CLS max ${cls.toFixed(3)}: goal ${met ? 'met' : 'not met'}`
  );
}
