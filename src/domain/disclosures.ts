import { formatDecimal, parseDecimal } from './decimal.ts';

/**
 * Which pre-payment disclosure a sender must see before paying, by the
 * country they send from:
 * - EU/EEA senders (Regulation (EU) 2019/518): the currency-conversion
 *   charge as a markup over the latest ECB euro reference rate, as a
 *   percentage and in money;
 * - US senders (Regulation E, 12 CFR 1005.31): the amount, fees, rate,
 *   total to the recipient, the date available and the cancellation right;
 * - anyone else: neither.
 */
export type PrePaymentDisclosure = 'eea_conversion_markup' | 'us_remittance' | null;

/** The EU member states with Iceland, Liechtenstein and Norway. */
export const EEA_COUNTRIES: ReadonlySet<string> = new Set([
  'AT',
  'BE',
  'BG',
  'HR',
  'CY',
  'CZ',
  'DK',
  'EE',
  'FI',
  'FR',
  'DE',
  'GR',
  'HU',
  'IE',
  'IT',
  'LV',
  'LT',
  'LU',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SK',
  'SI',
  'ES',
  'SE',
  'IS',
  'LI',
  'NO',
]);

export function prePaymentDisclosure(sendCountry: string): PrePaymentDisclosure {
  if (sendCountry === 'US') return 'us_remittance';
  return EEA_COUNTRIES.has(sendCountry) ? 'eea_conversion_markup' : null;
}

/** Both rates as integers of one scale, for exact comparison. */
function alignedRates(rate: string, referenceRate: string): { ours: bigint; reference: bigint } {
  const ours = parseDecimal(rate);
  const reference = parseDecimal(referenceRate);
  const scale = Math.max(ours.scale, reference.scale);
  return {
    ours: ours.units * 10n ** BigInt(scale - ours.scale),
    reference: reference.units * 10n ** BigInt(scale - reference.scale),
  };
}

/** n / d rounded half up, for n ≥ 0 and d > 0. */
function roundedQuotient(n: bigint, d: bigint): bigint {
  return (n * 2n + d) / (2n * d);
}

/**
 * How much worse our rate is than the reference rate, in percent with two
 * decimals, rounded half up ("1.25"): (reference − ours) / reference × 100,
 * never below zero. Rates are destination units per source unit.
 */
export function markupPercent(rate: string, referenceRate: string): string {
  const { ours, reference } = alignedRates(rate, referenceRate);
  if (reference === 0n || ours >= reference) return '0';
  return formatDecimal(roundedQuotient((reference - ours) * 10_000n, reference), 2);
}

/**
 * What the markup costs on the amount sent, in its minor units, rounded half
 * up: sent × (reference − ours) / reference, the part of the amount sent the
 * recipient does not get compared with the reference rate; 0 when our rate
 * is not worse.
 */
export function markupAmount(sentMinor: bigint, rate: string, referenceRate: string): bigint {
  const { ours, reference } = alignedRates(rate, referenceRate);
  if (reference === 0n || ours >= reference) return 0n;
  return roundedQuotient(sentMinor * (reference - ours), reference);
}

/**
 * The euro foreign-exchange reference rates of one day: how many units of
 * each currency one euro buys, as the European Central Bank publishes them.
 */
export interface EuroReferenceRates {
  /** the day the rates are of, ISO 8601 ("2026-11-20") */
  date: string;
  perEuro: Readonly<Record<string, string>>;
}

/** Cross rates through the euro are truncated to this many decimals. */
export const REFERENCE_CROSS_DECIMALS = 8;

function unitsPerEuro(rates: EuroReferenceRates, currency: string) {
  if (currency === 'EUR') return parseDecimal('1');
  const value = rates.perEuro[currency];
  return value === undefined ? undefined : parseDecimal(value);
}

/**
 * The reference rate of a pair (destination units per source unit). For a
 * pair without the euro, Regulation (EU) 2019/518 takes the cross of the two
 * euro rates: (to per EUR) / (from per EUR), truncated to
 * REFERENCE_CROSS_DECIMALS. Null when either currency has no euro rate.
 */
export function euroCrossRate(rates: EuroReferenceRates, from: string, to: string): string | null {
  const f = unitsPerEuro(rates, from);
  const t = unitsPerEuro(rates, to);
  if (f === undefined || t === undefined || f.units === 0n) return null;
  const numerator = t.units * 10n ** BigInt(f.scale + REFERENCE_CROSS_DECIMALS);
  const denominator = f.units * 10n ** BigInt(t.scale);
  return formatDecimal(numerator / denominator, REFERENCE_CROSS_DECIMALS);
}

/** The currency-conversion charge an EU/EEA sender is shown before paying. */
export interface ConversionMarkup {
  /** percent over the reference rate, two decimals ("1.56") */
  percent: string;
  /** the same charge in the source currency's minor units */
  amountMinor: bigint;
  referenceRate: string;
  referenceDate: string;
}

/**
 * The conversion charge of a transfer of `sentMinor` (source minor units) at
 * `rate` from `from` to `to`, over the euro reference rates; null when no
 * currency is converted or the reference rates lack either currency.
 */
export function conversionMarkup(
  rates: EuroReferenceRates,
  transfer: { from: string; to: string; rate: string; sentMinor: bigint },
): ConversionMarkup | null {
  if (transfer.from === transfer.to) return null;
  const referenceRate = euroCrossRate(rates, transfer.from, transfer.to);
  if (referenceRate === null) return null;
  return {
    percent: markupPercent(transfer.rate, referenceRate),
    amountMinor: markupAmount(transfer.sentMinor, transfer.rate, referenceRate),
    referenceRate,
    referenceDate: rates.date,
  };
}
