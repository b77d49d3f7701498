import { parseDecimal, truncateToScale } from './decimal.ts';

/** At most this many waiting alerts per customer. */
export const RATE_ALERT_LIMIT = 10;

/** Which way the rate must move to reach the target: set once, from the rate when the alert was made. */
export type RateAlertDirection = 'above' | 'below';

const SCALE = 12;

/** -1, 0 or 1 as `a` is below, equal to or above `b` (exact decimal strings). */
export function compareRates(a: string, b: string): number {
  const [x, y] = [truncateToScale(parseDecimal(a), SCALE), truncateToScale(parseDecimal(b), SCALE)];
  return x === y ? 0 : x < y ? -1 : 1;
}

/** A target above today's rate waits for the rate to rise to it; any other, for it to fall to it. */
export function directionFor(target: string, current: string): RateAlertDirection {
  return compareRates(target, current) > 0 ? 'above' : 'below';
}

/** Whether the rate has reached the target from its side. */
export function reached(direction: RateAlertDirection, target: string, rate: string): boolean {
  const order = compareRates(rate, target);
  return direction === 'above' ? order >= 0 : order <= 0;
}
