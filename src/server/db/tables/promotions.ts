import type { Generated } from 'kysely';
import type { PromoKind } from '../../../domain/promotions.ts';
import type { CreatedAt, Timestamp } from './platform.ts';

/** A promo code: what it takes off a quote's fee. */
export interface PromoCodesTable {
  /** upper case letters and digits, the code the customer types */
  code: string;
  kind: PromoKind;
  /** percent_fee: 1 to 100 */
  percent_off: number | null;
  /** fixed_fee: minor units of `currency`, off the fee of a quote in that currency */
  amount_off: bigint | null;
  currency: string | null;
  valid_until: Timestamp | null;
  active: boolean;
  created_at: CreatedAt;
}

/** A code spent by a transfer; a transfer closed unpaid gives it back (`released_at`). */
export interface PromoRedemptionsTable {
  id: Generated<string>;
  code: string;
  customer_id: string;
  transfer_id: string;
  /** what the code took off the fee, minor units of the transfer's source currency */
  discount: bigint;
  created_at: Timestamp;
  released_at: Timestamp | null;
}

export interface PromotionTables {
  promo_codes: PromoCodesTable;
  promo_redemptions: PromoRedemptionsTable;
}
