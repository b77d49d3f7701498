import type { ColumnType, Selectable } from 'kysely';
import type { PaymentMethod } from '../../../domain/payments.ts';
import type { CreatedAt, Timestamp } from './platform.ts';

/** A rate between two wallet currencies quoted to one customer, good until `expires_at`. */
export interface ConversionRatesTable {
  /** `cvr_…` */
  id: string;
  customer_id: string;
  from_currency: string;
  to_currency: string;
  /** the feed's mid-market rate (numeric, exact string) */
  mid_rate: string;
  /** what the customer converts at: mid less the conversion margin (numeric, exact string) */
  rate: string;
  expires_at: Timestamp;
  created_at: CreatedAt;
}

/** One conversion between two of a customer's wallets; its ledger transaction is keyed `conversion:<id>`. */
export interface ConversionsTable {
  /** `cnv_…` */
  id: string;
  customer_id: string;
  idempotency_key: string;
  request_hash: string;
  /** the quoted rate it executed at */
  rate_id: string;
  from_currency: string;
  to_currency: string;
  /** minor units of from_currency */
  from_amount: bigint;
  /** minor units of to_currency */
  to_amount: bigint;
  rate: string;
  status: 'COMPLETED';
  created_at: CreatedAt;
}

export type ConversionRow = Selectable<ConversionsTable>;
export type ConversionRateRow = Selectable<ConversionRatesTable>;

export interface WalletTables {
  conversion_rates: ConversionRatesTable;
  conversions: ConversionsTable;
  top_ups: TopUpsTable;
  saved_cards: SavedCardsTable;
}

export type TopUpStatus = 'PROCESSING' | 'WAITING' | 'APPROVED' | 'DECLINED' | 'ABANDONED';

/**
 * One card top-up of a wallet. PROCESSING while we ask the gateway, WAITING
 * during 3-D Secure, ABANDONED when left there past its deadline (its gateway
 * payment voided); the money reaches the wallet (ledger key `top-up:<id>`)
 * in the transaction that records APPROVED, never before.
 */
export interface TopUpsTable {
  /** `tup_…` */
  id: string;
  customer_id: string;
  idempotency_key: string;
  request_hash: string;
  currency: string;
  /** minor units */
  amount: bigint;
  /** null for a bank-link top-up */
  card_token: string | null;
  status: TopUpStatus;
  /** SPEC §8 payment code once settled */
  code: string | null;
  gateway_payment_id: string | null;
  challenge_url: string | null;
  card_brand: string | null;
  card_last4: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
  /** how the money comes (migration 0044) */
  method: ColumnType<PaymentMethod, PaymentMethod | undefined, never>;
  /** the bank-link provider's payment, once initiated */
  bank_payment_id: string | null;
}

export type TopUpRow = Selectable<TopUpsTable>;

/** A card the customer agreed to save: the gateway's reusable token and what the gateway shows, never the number. */
export interface SavedCardsTable {
  /** `card_…` */
  id: string;
  customer_id: string;
  /** the single-use token it was saved from */
  source_token: string;
  gateway_token: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  created_at: Timestamp;
}

export type SavedCardRow = Selectable<SavedCardsTable>;
