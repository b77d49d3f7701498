import type { FxRateOption, FxRatesQuery } from '../../../domain/contract/rates.ts';
import { formatMinor } from '../../../domain/money.ts';
import { customerRate, feeScheduleToWire } from '../../../domain/pricing.ts';
import type { AppDeps } from '../../http/app-env.ts';
import type { MidRate } from '../../providers/fx-rates/fx-rate-provider.ts';
import { listCorridors } from './corridors.ts';
import { keptFxRateList } from './fx-rate-lists.ts';

/** The destination / fx-rate options a sender in a source country can choose from. */
export async function listFxRates(deps: AppDeps, query: FxRatesQuery): Promise<FxRateOption[]> {
  const corridors = await listCorridors(deps, {
    sourceCountry: query.source_country_iso2,
    destinationCountry: query.destination_country_iso2,
    payoutProviderName: query.payout_provider_name,
  });
  const feed = deps.providers.fxRates;
  const mids = await Promise.all(corridors.map((c) => feed.midRate(c.sourceCurrency, c.destinationCurrency)));
  const key = JSON.stringify([query.source_country_iso2, query.destination_country_iso2, query.payout_provider_name]);
  return keptFxRateList(
    feed,
    key,
    corridors,
    mids.map((mid) => mid.rate),
    () =>
      corridors.map((c, i) => ({
        source_country_iso2: c.sourceCountry,
        source_currency_code: c.sourceCurrency,
        destination_country_iso2: c.destinationCountry,
        destination_currency_code: c.destinationCurrency,
        payout_type: c.payoutType,
        is_default_payout_type: c.isDefaultPayoutType,
        min_send_amount: formatMinor(c.limits.minSend, c.sourceCurrency),
        max_send_amount: formatMinor(c.limits.maxSend, c.sourceCurrency),
        min_destination_amount: formatMinor(c.limits.minReceive, c.destinationCurrency),
        max_destination_amount: formatMinor(c.limits.maxReceive, c.destinationCurrency),
        payout_provider_name: c.payoutProviderName,
        rate: customerRate((mids[i] as MidRate).rate, c.marginBps),
        fee_schedule: feeScheduleToWire(c.feeSchedule, c.sourceCurrency),
        delivery_hours: c.deliveryHours,
      })),
  );
}
