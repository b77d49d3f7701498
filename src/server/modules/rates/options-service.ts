import type {
  CorridorChoice,
  CorridorRateView,
  GetRatesRequest,
  MobileOperator,
  PayoutProcessor,
  SourceCountryView,
  TransactionOptions,
} from '../../../domain/contract/rates.ts';
import { paymentTypesFor } from '../../../domain/contract/transfers.ts';
import { SOURCE_COUNTRIES } from '../../../domain/countries.ts';
import type { AppDeps } from '../../http/app-env.ts';
import { dataSourceEntries } from '../beneficiaries/data-sources.ts';
import { networkNumberPrefixes } from '../beneficiaries/schemas/catalogue.ts';
import { corridorRate } from './corridor-rate.ts';
import { listCorridors, resolveCorridor } from './corridors.ts';

/**
 * The /remit/options calls (SPEC §7): what a sender can choose from, read
 * from the corridors and the payout directories, never from a fixed answer.
 */

/** Every corridor's customer rate beside the mid-market rate it is made from. */
export async function getRates(deps: AppDeps, request: GetRatesRequest): Promise<CorridorRateView[]> {
  const corridors = await listCorridors(deps, {
    sourceCountry: request.source_country_iso2,
    destinationCountry: request.destination_country_iso2,
  });
  return Promise.all(
    corridors.map(async (c) => {
      const { midRate, rate } = await corridorRate(deps.providers.fxRates, c);
      return {
        source_currency_code: c.sourceCurrency,
        destination_country_iso2: c.destinationCountry,
        destination_currency_code: c.destinationCurrency,
        payout_type: c.payoutType,
        mid_rate: midRate,
        rate,
        margin_bps: Number(c.marginBps),
      };
    }),
  );
}

/** The source countries that have at least one corridor, with the destinations they reach. */
export async function getSourceCountries(deps: AppDeps): Promise<SourceCountryView[]> {
  const views = await Promise.all(
    SOURCE_COUNTRIES.map(async (country) => {
      const corridors = await listCorridors(deps, { sourceCountry: country.iso2 });
      return {
        iso2: country.iso2,
        currency: country.currency,
        destinations: [...new Set(corridors.map((c) => c.destinationCountry))].toSorted(),
      };
    }),
  );
  return views.filter((v) => v.destinations.length > 0);
}

/** The mobile-money networks and wallets of a country, each with the number prefixes it is limited to. */
export async function getMobileOperators(deps: AppDeps, country: string): Promise<MobileOperator[]> {
  const prefixes = networkNumberPrefixes(country);
  const networks = await dataSourceEntries(deps.db, 'mobile-networks', country);
  return networks.map(({ code, name }) => ({ code, name, number_prefixes: prefixes[code] ?? [] }));
}

/**
 * How the sender can pay for a corridor and where it delivers: its banks,
 * networks or collection points (only the payout type's own list is filled).
 */
export async function getTransactionOptions(
  deps: AppDeps,
  sourceCountry: string,
  choice: CorridorChoice,
): Promise<TransactionOptions> {
  const corridor = await resolveCorridor(deps, {
    sourceCountry,
    destinationCountry: choice.destination_country_iso2,
    payoutType: choice.payout_type,
  });
  const country = corridor.destinationCountry;
  const type = corridor.payoutType;
  return {
    payment_types: paymentTypesFor(sourceCountry),
    delivery_banks: type === 'bank' ? await dataSourceEntries(deps.db, 'banks', country) : [],
    mobile_operators: type === 'mobile' || type === 'wallet' ? await getMobileOperators(deps, country) : [],
    collection_points: type === 'cash' ? await dataSourceEntries(deps.db, 'collection-points', country) : [],
    payment_processor: corridor.payoutProviderName,
    delivery_hours: corridor.deliveryHours,
  };
}

/** Who pays a corridor out, and how long it takes at most. */
export async function getPayoutProcessor(
  deps: AppDeps,
  sourceCountry: string,
  choice: CorridorChoice,
): Promise<PayoutProcessor> {
  const corridor = await resolveCorridor(deps, {
    sourceCountry,
    destinationCountry: choice.destination_country_iso2,
    payoutType: choice.payout_type,
  });
  return {
    destination_country_iso2: corridor.destinationCountry,
    payout_type: corridor.payoutType,
    payout_provider_name: corridor.payoutProviderName,
    delivery_hours: corridor.deliveryHours,
  };
}
