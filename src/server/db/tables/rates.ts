import type { JSONColumnType } from 'kysely';
import type { PayoutType } from '../../../domain/payout-types.ts';
import type { CreatedAt } from './platform.ts';

/** A fee band as stored: integers as strings (minor units of the source currency; basis points). */
export interface StoredFeeBand {
  /** inclusive upper bound of the send amount; null on the last, open-ended band */
  up_to: string | null;
  fixed: string;
  bps: string;
}

/**
 * One way money can go: from a source country and currency to a destination
 * country and currency, paid out one way, with its limits, margin and fees.
 * At most one active corridor per (source country, destination country,
 * payout type), and at most one active default payout type per destination.
 */
export interface CorridorsTable {
  /** `cor_…` */
  id: string;
  source_country_iso2: string;
  source_currency: string;
  destination_country_iso2: string;
  destination_currency: string;
  payout_type: PayoutType;
  is_default_payout_type: boolean;
  /** minor units of the source currency, bounds included */
  min_send_amount: bigint;
  max_send_amount: bigint;
  /** minor units of the destination currency, bounds included */
  min_destination_amount: bigint;
  max_destination_amount: bigint;
  /** taken off the mid-market rate to make the customer rate */
  fx_margin_bps: number;
  fee_schedule: JSONColumnType<StoredFeeBand[]>;
  /** the payout partner that delivers this corridor */
  payout_provider_name: string;
  /** at the latest, how many hours after payment the money is with the recipient */
  delivery_hours: number;
  active: boolean;
  created_at: CreatedAt;
}

export interface RatesTables {
  corridors: CorridorsTable;
}
