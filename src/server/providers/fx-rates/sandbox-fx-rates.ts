import { formatDecimal, parseDecimal, type ScaledDecimal } from '../../../domain/decimal.ts';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/connection.ts';
import type { FxRateProvider } from './fx-rate-provider.ts';

/**
 * The sandbox feed's fixed mid-market table: units of each currency one US
 * dollar buys (the market's USD/XXX convention), realistic but frozen so
 * quotes, tests and the README's worked examples never drift. Cross rates
 * come from two entries: GBP→KES = 129.50 / 0.80 = 161.875.
 */
export const SANDBOX_UNITS_PER_USD: Readonly<Record<string, string>> = {
  USD: '1',
  GBP: '0.80',
  EUR: '0.92',
  SEK: '10.40',
  NOK: '10.60',
  DKK: '6.86',
  CAD: '1.36',
  CHF: '0.90',
  PLN: '3.98',
  KES: '129.50',
  INR: '84.00',
  SOS: '571.00',
  ETB: '125.00',
  UGX: '3700',
  NGN: '1600',
  PKR: '280.00',
  BDT: '120.00',
  PHP: '58.00',
};

/** Cross rates are truncated to this many decimals (SEK→USD = 1 / 10.40 = 0.09615384). */
export const SANDBOX_RATE_DECIMALS = 8;

function unitsPerUsd(currency: string) {
  const value = SANDBOX_UNITS_PER_USD[currency];
  if (value === undefined) throw new Error(`The sandbox FX feed has no rate for ${currency}`);
  return parseDecimal(value);
}

/** from→to = (to per USD) / (from per USD), truncated to SANDBOX_RATE_DECIMALS. */
export function sandboxCrossRate(from: string, to: string): string {
  return crossRate(unitsPerUsd(from), unitsPerUsd(to), SANDBOX_RATE_DECIMALS);
}

/** (to per base) / (from per base), truncated to `decimals`: what one unit of `from` buys of `to`. */
export function crossRate(fromPerBase: ScaledDecimal, toPerBase: ScaledDecimal, decimals: number): string {
  // (t.units / 10^t.scale) / (f.units / 10^f.scale) × 10^D
  const numerator = toPerBase.units * 10n ** BigInt(fromPerBase.scale + decimals);
  const denominator = fromPerBase.units * 10n ** BigInt(toPerBase.scale);
  return formatDecimal(numerator / denominator, decimals);
}

/** A numeric column's text as the feed writes rates ("1.2500" → "1.25"). */
function plainDecimal(value: string): string {
  const { units, scale } = parseDecimal(value);
  return formatDecimal(units, scale);
}

/** How long the overrides read from the database serve before they are read again (other processes' writes). */
const OVERRIDES_FRESH_MS = 1000;

interface OverridesRead {
  /** `FROM:TO` → the rate set for the pair */
  rates: Promise<ReadonlyMap<string, string>>;
  readAt: number;
}

/** The overrides each database's processes last read; this process's own writes drop them at once. */
const overridesByDb = new WeakMap<Db, OverridesRead>();

/** The sandbox rate control wrote an override: the next price reads them afresh. */
export function forgetSandboxOverrides(db: Db): void {
  overridesByDb.delete(db);
}

/**
 * Every override in one read, reused for a second: a rate list prices one
 * pair per corridor, and a read per pair made the list cost as many queries
 * as it has corridors.
 */
function overrides(db: Db): Promise<ReadonlyMap<string, string>> {
  const now = performance.now();
  const read = overridesByDb.get(db);
  if (read && now - read.readAt < OVERRIDES_FRESH_MS) return read.rates;
  const rates = db
    .selectFrom('sandbox_fx_overrides')
    .select(['from_currency', 'to_currency', 'rate'])
    .execute()
    .then((rows) => new Map(rows.map((row) => [`${row.from_currency}:${row.to_currency}`, plainDecimal(row.rate)])));
  overridesByDb.set(db, { rates, readAt: now });
  rates.catch(() => overridesByDb.delete(db));
  return rates;
}

/**
 * Prices every pair of the table at the clock's time, unless the sandbox's
 * rate control (`/sandbox/fx-rates`) has set the pair's rate.
 */
export function sandboxFxRates(db: Db, clock: Clock): FxRateProvider {
  return {
    async midRate(from, to) {
      const override = (await overrides(db)).get(`${from}:${to}`);
      return { rate: override ?? sandboxCrossRate(from, to), asOf: clock.now() };
    },
  };
}
