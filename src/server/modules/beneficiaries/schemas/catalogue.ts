import type { PayoutType } from '../../../../domain/payout-types.ts';
import {
  ETHIOPIA_BANK,
  ETHIOPIA_CASH,
  ETHIOPIA_MOBILE,
  NIGERIA_BANK,
  NIGERIA_CASH,
  UGANDA_BANK,
  UGANDA_MOBILE,
} from './africa.ts';
import {
  BANGLADESH_BANK,
  BANGLADESH_CASH,
  BANGLADESH_MOBILE,
  PAKISTAN_BANK,
  PAKISTAN_CASH,
  PAKISTAN_WALLET,
  PHILIPPINES_BANK,
  PHILIPPINES_CASH,
  PHILIPPINES_WALLET,
} from './asia.ts';
import { KENYA_CARD, PHILIPPINES_CARD } from './cards.ts';
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
  ETHIOPIA_BANK,
  ETHIOPIA_CASH,
  ETHIOPIA_MOBILE,
  UGANDA_MOBILE,
  UGANDA_BANK,
  NIGERIA_BANK,
  NIGERIA_CASH,
  PAKISTAN_BANK,
  PAKISTAN_CASH,
  PAKISTAN_WALLET,
  BANGLADESH_BANK,
  BANGLADESH_CASH,
  BANGLADESH_MOBILE,
  PHILIPPINES_CASH,
  PHILIPPINES_BANK,
  PHILIPPINES_WALLET,
  KENYA_CARD,
  PHILIPPINES_CARD,
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

/** The number prefixes each mobile network of `country` is limited to (SPEC §5), from every form of that country. */
export function networkNumberPrefixes(country: string): Record<string, string[]> {
  return Object.assign(
    {},
    ...CATALOGUE.filter(({ schema }) => schema.destination_country === country).map(
      ({ schema }) => schema.constraints.provider_number_prefixes,
    ),
  );
}
