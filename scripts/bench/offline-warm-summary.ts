/**
 * The offline warm-start bench's verdict on a page (issue 36): its runs' times until the last-known data and its
 * age are on screen, as median, range and max, against the goal of a median at most 300 ms and no run over 600 ms;
 * beside it, how many times the stack floor's median (same run, same browser and slowdown) the page's median is.
 */
export const GOAL_MEDIAN_MS = 300;
export const GOAL_MAX_MS = 600;

/** The middle run (the lower of the two middles for an even count). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN;
}

/** `median 240 ms [210–580], max 580 ms of 5 runs (240, 210, 580, 250, 230)`, the runs rounded. */
function spread(runsMs: readonly number[]): { text: string; mid: number; max: number } {
  const rounded = runsMs.map(Math.round);
  const mid = median(rounded);
  const max = Math.max(...rounded);
  const text = `median ${mid} ms [${Math.min(...rounded)}–${max}], max ${max} ms of ${rounded.length} runs (${rounded.join(', ')})`;
  return { text, mid, max };
}

/** The floor's line: `floor      median 219 ms [170–320], max 320 ms of 5 runs (…): the stack's bare shell`. */
export function floorSummary(runsMs: readonly number[]): string {
  if (runsMs.length === 0) return `${'floor'.padEnd(10)} no run`;
  return `${'floor'.padEnd(10)} ${spread(runsMs).text}: the stack's bare shell, for comparison`;
}

/** A page's line: `home  median 240 ms [210–580], max 580 ms of 5 runs (…), 1.10× the floor's: goal met`. */
export function offlineSummary(page: string, runsMs: readonly number[], floorMs?: readonly number[]): string {
  if (runsMs.length === 0) return `${page.padEnd(10)} no run: goal not met`;
  const { text, mid, max } = spread(runsMs);
  const floorMid = floorMs && floorMs.length > 0 ? median(floorMs.map(Math.round)) : undefined;
  const beside = floorMid ? `, ${(mid / floorMid).toFixed(2)}× the floor's` : '';
  const met = mid <= GOAL_MEDIAN_MS && max <= GOAL_MAX_MS;
  return `${page.padEnd(10)} ${text}${beside}: goal ${met ? 'met' : 'not met'}`;
}
