import { findSourceCountry } from '../../../domain/countries.ts';
import { displayMoney, type Minor } from '../../../domain/money.ts';
import type { Db } from '../../db/connection.ts';
import { ApiError } from '../../http/api-error.ts';
import { sentThisYear } from '../../yearly-usage/yearly-usage.ts';

/**
 * Refuse a transfer that would take the customer past their yearly limit
 * (the figure the profile shows as spent and remaining).
 */
export async function assertWithinYearlyLimit(
  db: Db,
  customerId: string,
  sourceCountry: string,
  sendAmount: Minor,
  now: Date,
): Promise<void> {
  const country = findSourceCountry(sourceCountry);
  if (!country) return;
  const used = await sentThisYear(db, customerId, country.currency, now);
  if (used + sendAmount <= country.yearlyLimit) return;
  const remaining = country.yearlyLimit > used ? country.yearlyLimit - used : 0n;
  throw new ApiError(
    'YearlyLimitExceeded',
    `This transfer would take you past your yearly limit of ${displayMoney(country.yearlyLimit, country.currency, 'en-GB')}. You can send up to ${displayMoney(remaining, country.currency, 'en-GB')} more this year.`,
    'amount',
  );
}
