import type { Selectable } from 'kysely';
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
  saved_cards: SavedCardsTable;
}

/** A card the customer agreed to save: the gateway's reusable token and what the gateway shows, never the number. */
export interface SavedCardsTable {
  /** `card_…` */
  id: string;
  customer_id: string;
  /** SHA-256 (hex) of the single-use token it was saved from: adding it again finds this card */
  source_token_sha256: string;
  gateway_token: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  created_at: Timestamp;
  /** when the customer agreed to the card being kept for later payments (card on file) */
  consented_at: Timestamp;
}

export type SavedCardRow = Selectable<SavedCardsTable>;
