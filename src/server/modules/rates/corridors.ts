import { array, assert, nullable, object, pattern, string } from 'superstruct';
import { PAYOUT_TYPE_NAMES, type PayoutType } from '../../../domain/payout-types.ts';
import { assertFeeSchedule, type CorridorLimits, type FeeSchedule } from '../../../domain/pricing.ts';
import type { Db } from '../../db/connection.ts';
import type { CorridorsTable } from '../../db/tables/pricing.ts';
import { ApiError } from '../../http/api-error.ts';
import { countryName } from './country-name.ts';

/** A corridor as the pricing code uses it: limits and fees parsed and checked. */
export interface Corridor {
  id: string;
  sourceCountry: string;
  sourceCurrency: string;
  destinationCountry: string;
  destinationCurrency: string;
  payoutType: PayoutType;
  isDefaultPayoutType: boolean;
  limits: CorridorLimits;
  marginBps: bigint;
  feeSchedule: FeeSchedule;
  payoutProviderName: string;
}

type CorridorRow = Omit<CorridorsTable, 'fee_schedule' | 'created_at'> & { fee_schedule: unknown };

const Integer = pattern(string(), /^\d{1,18}$/);
const StoredFeeSchedule = array(object({ up_to: nullable(Integer), fixed: Integer, bps: Integer }));

/** Validated on load: a malformed stored schedule fails the request (500), never prices wrongly. */
function toCorridor(row: CorridorRow): Corridor {
  assert(row.fee_schedule, StoredFeeSchedule);
  const feeSchedule = row.fee_schedule.map((b) => ({
    upTo: b.up_to === null ? null : BigInt(b.up_to),
    fixed: BigInt(b.fixed),
    bps: BigInt(b.bps),
  }));
  assertFeeSchedule(feeSchedule);
  return {
    id: row.id,
    sourceCountry: row.source_country_iso2,
    sourceCurrency: row.source_currency,
    destinationCountry: row.destination_country_iso2,
    destinationCurrency: row.destination_currency,
    payoutType: row.payout_type,
    isDefaultPayoutType: row.is_default_payout_type,
    limits: {
      minSend: row.min_send_amount,
      maxSend: row.max_send_amount,
      minReceive: row.min_destination_amount,
      maxReceive: row.max_destination_amount,
    },
    marginBps: BigInt(row.fx_margin_bps),
    feeSchedule,
    payoutProviderName: row.payout_provider_name,
  };
}

export interface CorridorFilter {
  sourceCountry: string;
  destinationCountry?: string | undefined;
  payoutProviderName?: string | undefined;
}

/** Active corridors from a source country, by destination, default payout type first. */
export async function listCorridors(db: Db, filter: CorridorFilter): Promise<Corridor[]> {
  let query = db
    .selectFrom('corridors')
    .selectAll()
    .where('active', '=', true)
    .where('source_country_iso2', '=', filter.sourceCountry);
  if (filter.destinationCountry) query = query.where('destination_country_iso2', '=', filter.destinationCountry);
  if (filter.payoutProviderName) query = query.where('payout_provider_name', '=', filter.payoutProviderName);
  const rows = await query
    .orderBy('destination_country_iso2')
    .orderBy('is_default_payout_type', 'desc')
    .orderBy('payout_type')
    .execute();
  return rows.map(toCorridor);
}

export interface CorridorRoute {
  sourceCountry: string;
  destinationCountry: string;
  payoutType: PayoutType;
}

/** The one active corridor for a route, or a 400 naming the field that has no corridor. */
export async function resolveCorridor(db: Db, route: CorridorRoute): Promise<Corridor> {
  const fromSource = await listCorridors(db, { sourceCountry: route.sourceCountry });
  const from = countryName(route.sourceCountry);
  if (fromSource.length === 0) {
    throw new ApiError('ValidationFailed', `Sending from ${from} isn't available`, 'source_country_iso2');
  }
  const toDestination = fromSource.filter((c) => c.destinationCountry === route.destinationCountry);
  const to = countryName(route.destinationCountry);
  if (toDestination.length === 0) {
    throw new ApiError('ValidationFailed', `Sending to ${to} from ${from} isn't available`, 'destination_country_iso2');
  }
  const corridor = toDestination.find((c) => c.payoutType === route.payoutType);
  if (!corridor) {
    const name = PAYOUT_TYPE_NAMES[route.payoutType];
    throw new ApiError(
      'ValidationFailed',
      `${name} isn't available for ${to}; choose another way to receive`,
      'payout_type',
    );
  }
  return corridor;
}
