import { findSourceCountry } from '../../../domain/countries.ts';
import { displayMoney, type Minor } from '../../../domain/money.ts';
import type { Db } from '../../db/connection.ts';
import { ApiError } from '../../http/api-error.ts';
import { sentThisYear } from '../../yearly-usage/yearly-usage.ts';

/**
 * What counts against the customer's yearly limit from `sourceCountry`: what
 * they sent this year in its currency (0 from a country without a limit).
 */
export function usedThisYear(db: Db, customerId: string, sourceCountry: string, now: Date): Promise<Minor> {
  const country = findSourceCountry(sourceCountry);
  return country ? sentThisYear(db, customerId, country.currency, now) : Promise.resolve(0n);
}

/**
 * Refuse a transfer that would take the customer past their yearly limit
 * (the figure the profile shows as spent and remaining), `used` already sent.
 */
export function assertUnderYearlyLimit(sourceCountry: string, used: Minor, sendAmount: Minor): void {
  const country = findSourceCountry(sourceCountry);
  if (!country || used + sendAmount <= country.yearlyLimit) return;
  const remaining = country.yearlyLimit > used ? country.yearlyLimit - used : 0n;
  throw new ApiError(
    'YearlyLimitExceeded',
    `This transfer would take you past your yearly limit of ${displayMoney(country.yearlyLimit, country.currency, 'en-GB')}. You can send up to ${displayMoney(remaining, country.currency, 'en-GB')} more this year.`,
    'amount',
  );
}

/** The same refusal, reading what the customer sent this year first. */
export async function assertWithinYearlyLimit(
  db: Db,
  customerId: string,
  sourceCountry: string,
  sendAmount: Minor,
  now: Date,
): Promise<void> {
  assertUnderYearlyLimit(sourceCountry, await usedThisYear(db, customerId, sourceCountry, now), sendAmount);
}
