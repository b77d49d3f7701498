import type { Generated, Selectable } from 'kysely';
import type { PayoutType } from '../../../domain/payout-types.ts';
import type { AmountType } from '../../../domain/pricing.ts';
import type { CreatedAt, Timestamp } from './platform.ts';

/** A price given to one customer, good until `expires_at`. */
export interface QuotesTable {
  /** the signed quote (`q1.…`, see quote-token.ts); `q_…` for quotes priced before quotes were signed */
  id: string;
  customer_id: string;
  corridor_id: string;
  source_country_iso2: string;
  source_currency: string;
  destination_country_iso2: string;
  destination_currency: string;
  payout_type: PayoutType;
  payout_provider_name: string;
  amount_type: AmountType;
  /** the feed's mid-market rate the customer rate was made from (numeric, exact string) */
  mid_rate: string;
  /** the customer rate (numeric, exact string) */
  rate: string;
  /** minor units of the source currency */
  send_amount: bigint;
  fee: bigint;
  /** send_amount + fee */
  total: bigint;
  /** minor units of the destination currency */
  receive_amount: bigint;
  /** the corridor's delivery time when quoted: at the latest, hours from payment to the recipient */
  delivery_hours: number;
  /** the promo code the quote's fee was lowered by, if any */
  promo_code: string | null;
  /** what the promo code took off the fee (minor units of the source currency); `fee` is after it */
  fee_discount: Generated<bigint>;
  expires_at: Timestamp;
  created_at: CreatedAt;
}

/** A quote as read back from the database. */
export type QuoteRow = Selectable<QuotesTable>;

export interface QuotesTables {
  quotes: QuotesTable;
}
