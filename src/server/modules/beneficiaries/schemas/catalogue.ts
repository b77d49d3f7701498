import type { PayoutType } from '../../../../domain/payout-types.ts';
import type { CorridorSchema } from './corridor-schema.ts';
import { INDIA_BANK } from './india.ts';
import { KENYA_BANK, KENYA_MOBILE } from './kenya.ts';
import { SOMALIA_BANK, SOMALIA_CASH, SOMALIA_MOBILE } from './somalia.ts';

/**
 * Every recipient form Sarraf serves. Forms are code, not rows: each field
 * type is bound to a rule in the domain, so a form changes with its rules
 * and its tests, through review.
 */
const CATALOGUE: readonly CorridorSchema[] = [
  KENYA_MOBILE,
  KENYA_BANK,
  SOMALIA_CASH,
  SOMALIA_MOBILE,
  SOMALIA_BANK,
  INDIA_BANK,
];

/** The form for paying out `payoutType` in `currency` to `country`; undefined when there is none. */
export function findCorridorSchema(
  country: string,
  payoutType: PayoutType,
  currency: string,
): CorridorSchema | undefined {
  return CATALOGUE.find(
    ({ schema }) =>
      schema.destination_country === country &&
      schema.payout_type === payoutType &&
      schema.destination_currency === currency,
  );
}
