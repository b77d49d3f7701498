import { convertMinor, type Minor, parseMinor } from '../../../domain/money.ts';

/** The from-amount typed, in minor units; undefined while it is not a valid amount above 0 (SPEC §5). */
export function typedAmount(text: string, currency: string): Minor | undefined {
  if (!/^\d{1,15}(?:[.,]\d*)?$/.test(text.trim())) return undefined;
  try {
    const minor = parseMinor(text.trim().replace(',', '.').replace(/\.$/, ''), currency);
    return minor > 0n ? minor : undefined;
  } catch {
    return undefined;
  }
}

/** SPEC §5: the converted amount is the from-amount times the rate, at 2 decimals, truncated. */
export function convertedAmount(from: Minor, fromCurrency: string, rate: string, toCurrency: string): Minor {
  return convertMinor(from, fromCurrency, rate, toCurrency);
}
