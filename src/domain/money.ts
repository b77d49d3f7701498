/**
 * Money is an integer count of a currency's minor units (pence, cents, öre).
 * On the wire amounts are decimal strings; rates are decimal strings.
 * No JavaScript `number` ever holds money.
 */
import { numberFormat } from './intl-formats.ts';
import { ISO_4217_MINOR_UNITS } from './iso4217.ts';

export type Minor = bigint;

export interface Money {
  readonly minor: Minor;
  readonly currency: string;
}

/**
 * Minor-unit digits of an ISO 4217 currency (JPY 0, GBP 2, SOS 2, KWD 3), from
 * the one ISO table (`iso4217.ts`), never from the runtime's locale data: ICU's
 * CLDR gives SOS and PKR 0 where ISO 4217 gives 2, and another browser or Node
 * could disagree with the server about what an amount means. A code ISO does
 * not list is refused.
 */
export function currencyDigits(currency: string): number {
  const digits = ISO_4217_MINOR_UNITS[currency];
  if (digits === undefined) throw new RangeError(`Not an ISO 4217 currency with a minor unit: ${currency}`);
  return digits;
}

const DECIMAL = /^(-)?(\d+)(?:\.(\d+))?$/;

export function isDecimalString(value: string): boolean {
  return DECIMAL.test(value);
}

/**
 * Parse a decimal string into minor units of `currency`. Extra fraction
 * digits beyond the currency's are refused (never silently rounded).
 */
export function parseMinor(value: string, currency: string): Minor {
  const match = DECIMAL.exec(value.trim());
  if (!match) throw new RangeError(`Not a decimal amount: ${value}`);
  const [, sign, whole, fraction = ''] = match;
  const digits = currencyDigits(currency);
  if (fraction.length > digits) {
    throw new RangeError(`${currency} has ${digits} decimals: ${value}`);
  }
  const minor = BigInt(`${whole}${fraction.padEnd(digits, '0')}`);
  return sign ? -minor : minor;
}

/** Minor units as a plain decimal string with the currency's digits ("12.30"). */
export function formatMinor(minor: Minor, currency: string): string {
  const digits = currencyDigits(currency);
  const negative = minor < 0n;
  const abs = (negative ? -minor : minor).toString().padStart(digits + 1, '0');
  const whole = digits === 0 ? abs : abs.slice(0, -digits);
  const fraction = digits === 0 ? '' : `.${abs.slice(-digits)}`;
  return `${negative ? '-' : ''}${whole}${fraction}`;
}

interface Decimal {
  /** the digits as an integer */
  units: bigint;
  /** how many of them are after the point */
  scale: number;
}

function parseDecimal(value: string): Decimal {
  const match = DECIMAL.exec(value.trim());
  if (!match) throw new RangeError(`Not a decimal: ${value}`);
  const [, sign, whole, fraction = ''] = match;
  const units = BigInt(`${whole}${fraction}`);
  return { units: sign ? -units : units, scale: fraction.length };
}

/**
 * Convert an amount with a decimal rate: to = from × rate, truncated to the
 * target currency's minor unit (SPEC §5: truncate, never round up).
 */
export function convertMinor(from: Minor, fromCurrency: string, rate: string, toCurrency: string): Minor {
  const r = parseDecimal(rate);
  const fromDigits = currencyDigits(fromCurrency);
  const toDigits = currencyDigits(toCurrency);
  // from/10^fd × r.units/10^rs = to/10^td  →  to = from × r.units × 10^td / 10^(fd+rs)
  const numerator = from * r.units * 10n ** BigInt(toDigits);
  const denominator = 10n ** BigInt(fromDigits + r.scale);
  return numerator / denominator; // bigint division truncates toward zero
}

/**
 * The inverse: the smallest source amount whose conversion reaches at least
 * `to` (used when the customer fixes what the recipient receives).
 */
export function sourceForDestination(to: Minor, toCurrency: string, rate: string, fromCurrency: string): Minor {
  const r = parseDecimal(rate);
  if (r.units <= 0n) throw new RangeError('Rate must be positive');
  const fromDigits = currencyDigits(fromCurrency);
  const toDigits = currencyDigits(toCurrency);
  const numerator = to * 10n ** BigInt(fromDigits + r.scale);
  const denominator = r.units * 10n ** BigInt(toDigits);
  const q = numerator / denominator;
  return q * denominator === numerator ? q : q + 1n;
}

/** Display with the locale's grouping and the currency's symbol, truncated. */
export function displayMoney(minor: Minor, currency: string, locale: string): string {
  const digits = currencyDigits(currency);
  const formatted = formatMinor(minor, currency);
  return numberFormat(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    // a decimal string keeps every digit exact (Intl accepts strings)
  }).format(formatted as unknown as number);
}
