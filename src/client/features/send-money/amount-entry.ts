import { numberFormat } from '../../../domain/intl-formats.ts';
import { currencyDigits, formatMinor, type Minor, parseMinor } from '../../../domain/money.ts';

export type AmountEntry =
  | { ok: true; minor: Minor /** the amount as the API takes it ("100.50") */; wire: string }
  | { ok: false; problem: 'empty' | 'invalid' }
  | { ok: false; problem: 'decimals'; digits: number };

const SPACES = /[\s\u00a0\u202f]/g;

function separators(locale: string): { group: string; decimal: string } {
  const parts = numberFormat(locale).formatToParts(12345.6);
  return {
    group: parts.find((p) => p.type === 'group')?.value ?? ',',
    decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.',
  };
}

/**
 * What the customer typed in an amount field, as minor units of `currency`.
 * Spaces and the locale's thousands separators (only where thousands are)
 * are ignored; the locale's decimal separator and "." both mark decimals.
 * More decimals than the currency has are refused, never rounded.
 */
export function parseAmountEntry(text: string, currency: string, locale: string): AmountEntry {
  const { group, decimal } = separators(locale);
  let value = text.replace(SPACES, '');
  if (value === '') return { ok: false, problem: 'empty' };
  if (group.trim() !== '') {
    const grouped = new RegExp(`^\\d{1,3}(?:${escapeRegExp(group)}\\d{3})+(?=$|${escapeRegExp(decimal)}|\\.)`);
    if (grouped.test(value)) value = value.replace(new RegExp(escapeRegExp(group), 'g'), '');
  }
  if (decimal !== '.') value = value.replace(decimal, '.');
  if (!/^\d+(?:\.\d+)?$/.test(value) || value.length > 18) return { ok: false, problem: 'invalid' };
  const fraction = value.split('.')[1] ?? '';
  const digits = currencyDigits(currency);
  if (fraction.length > digits) return { ok: false, problem: 'decimals', digits };
  const minor = parseMinor(value, currency);
  return { ok: true, minor, wire: formatMinor(minor, currency) };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** An amount as an amount field shows it: the locale's separators, the currency's decimals, no symbol. */
export function formatAmountEntry(minor: Minor, currency: string, locale: string): string {
  const digits = currencyDigits(currency);
  return numberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(
    // a decimal string keeps every digit exact (Intl accepts strings)
    formatMinor(minor, currency) as unknown as number,
  );
}
