import type { UserLimit } from '../../../domain/contract/user.ts';
import { type Minor, parseMinor } from '../../../domain/money.ts';

export interface LimitUse {
  currency: string;
  limit: Minor;
  used: Minor;
  /** what can still be sent this year; never below zero */
  remaining: Minor;
  /** share of the limit used, in whole percent from 0 to 100 (for the gauge only) */
  usedPercent: number;
}

/** The yearly limit as the home screen shows it, in exact minor units. */
export function limitUse(limit: UserLimit): LimitUse {
  const total = parseMinor(limit.limit, limit.currency);
  const used = parseMinor(limit.used, limit.currency);
  const capped = used < total ? used : total;
  return {
    currency: limit.currency,
    limit: total,
    used,
    remaining: total - capped,
    usedPercent: total > 0n ? Number((capped * 100n) / total) : 100,
  };
}
