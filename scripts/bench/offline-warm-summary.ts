/**
 * The offline warm-start bench's verdict on a page (issue 36): its runs' times until the last-known data and its
 * age are on screen, as median, range and max, against the goal of a median at most 300 ms and no run over 600 ms.
 */
export const GOAL_MEDIAN_MS = 300;
export const GOAL_MAX_MS = 600;

/** The middle run (the lower of the two middles for an even count). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN;
}

/** A page's line: `home  median 240 ms [210–580], max 580 ms of 5 runs: goal met`. */
export function offlineSummary(page: string, runsMs: readonly number[]): string {
  if (runsMs.length === 0) return `${page.padEnd(10)} no run: goal not met`;
  const rounded = runsMs.map(Math.round);
  const mid = median(rounded);
  const max = Math.max(...rounded);
  const met = mid <= GOAL_MEDIAN_MS && max <= GOAL_MAX_MS;
  return (
    `${page.padEnd(10)} median ${mid} ms [${Math.min(...rounded)}–${max}], max ${max} ms of ${rounded.length} runs ` +
    `(${rounded.join(', ')}): goal ${met ? 'met' : 'not met'}`
  );
}
