import type { FxRateOption } from '../../../domain/contract/rates.ts';
import type { PayoutType } from '../../../domain/payout-types.ts';
import { regionNames } from '../../lib/region-names.ts';

/** A destination country and the ways money can be received there, the default way first. */
export interface Destination {
  country: string;
  name: string;
  options: FxRateOption[];
}

/**
 * The fx-rate options grouped by destination country, countries in the
 * order of their names in `locale` (Intl.DisplayNames), each country's
 * default payout type first.
 */
export function destinationsOf(options: readonly FxRateOption[], locale: string): Destination[] {
  const names = regionNames(locale);
  const byCountry = new Map<string, FxRateOption[]>();
  for (const option of options) {
    const list = byCountry.get(option.destination_country_iso2) ?? [];
    list.push(option);
    byCountry.set(option.destination_country_iso2, list);
  }
  const collator = new Intl.Collator(locale);
  return [...byCountry]
    .map(([country, list]) => ({
      country,
      name: names.of(country),
      options: list.toSorted((a, b) => Number(b.is_default_payout_type) - Number(a.is_default_payout_type)),
    }))
    .toSorted((a, b) => collator.compare(a.name, b.name));
}

/** The option of `destination` paid by `payoutType`, if the corridor exists. */
export function findOption(
  options: readonly FxRateOption[],
  destination: { country: string; payoutType: PayoutType } | undefined,
): FxRateOption | undefined {
  if (!destination) return undefined;
  return options.find(
    (o) => o.destination_country_iso2 === destination.country && o.payout_type === destination.payoutType,
  );
}

/** The payout type a country starts with: its flagged default, else its first. */
export function defaultPayoutType(destination: Destination): PayoutType | undefined {
  return (destination.options.find((o) => o.is_default_payout_type) ?? destination.options[0])?.payout_type;
}
