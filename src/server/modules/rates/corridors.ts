import { array, assert, nullable, object, pattern, string } from 'superstruct';
import { PAYOUT_TYPE_NAMES, type PayoutType } from '../../../domain/payout-types.ts';
import { assertFeeSchedule, type CorridorLimits, type FeeSchedule } from '../../../domain/pricing.ts';
import type { Db } from '../../db/connection.ts';
import type { CorridorsTable } from '../../db/tables/rates.ts';
import { ApiError } from '../../http/api-error.ts';
import type { AppDeps } from '../../http/app-env.ts';
import { isDeliverable } from '../beneficiaries/payout-reach.ts';
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
  /** at the latest, how many hours after payment the money is with the recipient */
  deliveryHours: number;
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
    deliveryHours: row.delivery_hours,
  };
}

export interface CorridorFilter {
  sourceCountry: string;
  destinationCountry?: string | undefined;
  payoutProviderName?: string | undefined;
}

/**
 * Corridors are reference data: seeded by migrations and switched off with
 * `active = false`. Every quote and rate list reads them, so each process
 * keeps the active set for a minute instead of asking the database on every
 * call; a change reaches every replica within that minute.
 */
const CACHE_MS = 60_000;
const cache = new WeakMap<Db, { loadedAt: number; corridors: Promise<Corridor[]> }>();

async function loadActiveCorridors(db: Db): Promise<Corridor[]> {
  const rows = await db
    .selectFrom('corridors')
    .selectAll()
    .where('active', '=', true)
    .orderBy('source_country_iso2')
    .orderBy('destination_country_iso2')
    .orderBy('is_default_payout_type', 'desc')
    .orderBy('payout_type')
    .execute();
  return rows.map(toCorridor);
}

function activeCorridors(db: Db): Promise<Corridor[]> {
  const cached = cache.get(db);
  if (cached && performance.now() - cached.loadedAt < CACHE_MS) return cached.corridors;
  const corridors = loadActiveCorridors(db);
  cache.set(db, { loadedAt: performance.now(), corridors });
  corridors.catch(() => cache.delete(db)); // a failed load is not kept
  return corridors;
}

/**
 * Whether the payout side can deliver a cached corridor, asked once per corridor and payout partner: every
 * quote and rate list asks again, and the answer changes only with the partner or the card payout gateway.
 */
const deliverable = new WeakMap<
  AppDeps['providers']['payoutPartner'],
  { cards: AppDeps['providers']['payoutCards']; answers: WeakMap<Corridor, boolean> }
>();

function canDeliver(providers: AppDeps['providers'], corridor: Corridor): boolean {
  let known = deliverable.get(providers.payoutPartner);
  if (known?.cards !== providers.payoutCards) {
    known = { cards: providers.payoutCards, answers: new WeakMap() };
    deliverable.set(providers.payoutPartner, known);
  }
  let answer = known.answers.get(corridor);
  if (answer === undefined) {
    answer = isDeliverable(providers, corridor);
    known.answers.set(corridor, answer);
  }
  return answer;
}

/**
 * Active corridors from a source country that the payout side can deliver (`isDeliverable`), by destination,
 * default payout type first.
 */
export async function listCorridors(
  deps: Pick<AppDeps, 'db' | 'providers'>,
  filter: CorridorFilter,
): Promise<Corridor[]> {
  return (await activeCorridors(deps.db)).filter(
    (c) =>
      c.sourceCountry === filter.sourceCountry &&
      (!filter.destinationCountry || c.destinationCountry === filter.destinationCountry) &&
      (!filter.payoutProviderName || c.payoutProviderName === filter.payoutProviderName) &&
      canDeliver(deps.providers, c),
  );
}

export interface CorridorRoute {
  sourceCountry: string;
  destinationCountry: string;
  payoutType: PayoutType;
}

/** The one active corridor for a route, or a 400 naming the field that has no corridor. */
export async function resolveCorridor(
  deps: Pick<AppDeps, 'db' | 'providers'>,
  route: CorridorRoute,
): Promise<Corridor> {
  // names are looked up only for a refusal: Intl.DisplayNames costs more than the whole lookup
  const fromSource = await listCorridors(deps, { sourceCountry: route.sourceCountry });
  if (fromSource.length === 0) {
    const from = countryName(route.sourceCountry);
    throw new ApiError('ValidationFailed', `Sending from ${from} isn't available`, 'source_country_iso2');
  }
  const toDestination = fromSource.filter((c) => c.destinationCountry === route.destinationCountry);
  if (toDestination.length === 0) {
    const [from, to] = [countryName(route.sourceCountry), countryName(route.destinationCountry)];
    throw new ApiError('ValidationFailed', `Sending to ${to} from ${from} isn't available`, 'destination_country_iso2');
  }
  const corridor = toDestination.find((c) => c.payoutType === route.payoutType);
  if (!corridor) {
    const name = PAYOUT_TYPE_NAMES[route.payoutType];
    throw new ApiError(
      'ValidationFailed',
      `${name} isn't available for ${countryName(route.destinationCountry)}; choose another way to receive`,
      'payout_type',
    );
  }
  return corridor;
}
