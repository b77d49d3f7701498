import type { ColumnType, GeneratedAlways, JSONColumnType, Selectable } from 'kysely';
import type { PaymentCode, PaymentMethod } from '../../../domain/payments.ts';
import type { BillingAddress } from '../../../domain/us-card-payment.ts';
import type { CreatedAt, Timestamp } from './platform.ts';

/** What money paid into Sarraf is for: a transfer's payment, or a top-up of a wallet. */
export type PayinPurposeName = 'transfer' | 'top_up';

/**
 * Where one pay-in stands (src/server/payins/payin-lifecycle.ts): PROCESSING
 * while we ask the gateway or the bank-link provider, WAITING during 3-D
 * Secure or at the bank, then APPROVED or DECLINED; ABANDONED when given up
 * past its deadline (a card's charge voided, a bank payment still watched);
 * VOIDED when the gateway approved it after what it paid for stopped
 * waiting, so the charge is released.
 */
export type PayinStatus = 'PROCESSING' | 'WAITING' | 'APPROVED' | 'DECLINED' | 'ABANDONED' | 'VOIDED';

/** One attempt to pay money into Sarraf by card or bank link (migration 0062: payments and top-ups in one table). */
export interface PayinsTable {
  /** `pmt_…` for a transfer's, `tup_…` for a top-up; the gateway's idempotency key is derived from it */
  id: string;
  /** order of the attempts: the latest has the highest */
  seq: GeneratedAlways<bigint>;
  purpose: ColumnType<PayinPurposeName, PayinPurposeName, never>;
  customer_id: ColumnType<string, string, never>;
  /** the transfer a `transfer` pay-in pays; null for a top-up */
  transfer_id: ColumnType<string | null, string | null, never>;
  /** what the gateway and the return address name it by: the transfer's reference, or the top-up's id */
  reference: ColumnType<string, string, never>;
  /** the customer's Idempotency-Key, unique per transfer (a payment) or per customer (a top-up) */
  idempotency_key: string;
  /** fingerprint of the request that key came with; null for payments older than it */
  request_hash: string | null;
  /** how the money comes */
  method: ColumnType<PaymentMethod, PaymentMethod | undefined, never>;
  /** the gateway's token (never a card number); null for a bank link */
  card_token: string | null;
  status: PayinStatus;
  code: PaymentCode | null;
  /** null until the gateway answered, and for a card we refused before asking it */
  gateway_payment_id: string | null;
  /** the bank-link provider's payment, once initiated */
  bank_payment_id: string | null;
  challenge_url: string | null;
  card_brand: string | null;
  card_last4: string | null;
  /** minor units */
  amount: ColumnType<bigint, bigint, never>;
  currency: ColumnType<string, string, never>;
  /** the card's billing address a payment from the United States gave, told to the gateway with it */
  billing_address: JSONColumnType<BillingAddress | null, string | null | undefined, never>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export type PayinRow = Selectable<PayinsTable>;

/** A card gateway's webhook notification, recorded once by its id after it was acted on (migration 0063). */
export interface PayinNotificationsTable {
  /** the gateway's name (`CardGateway.name`) */
  provider: string;
  /** the gateway's id of the notification */
  id: string;
  gateway_payment_id: string;
  /** the pay-in it settled; null when no pay-in of ours has that payment */
  payin_id: string | null;
  received_at: Date;
}

export interface PayinTables {
  payins: PayinsTable;
  payin_notifications: PayinNotificationsTable;
}
