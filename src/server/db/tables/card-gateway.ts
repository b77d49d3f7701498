import type { ColumnType, JSONColumnType } from 'kysely';
import type { BillingAddress } from '../../../domain/us-card-payment.ts';
import type { Timestamp } from './platform.ts';

/**
 * The sandbox card gateway's own state. In production this lives at the
 * gateway; here it stands in for it. No card number or security code is
 * ever stored: only what a gateway shows a merchant about a card.
 */
export interface SandboxCardTokensTable {
  /** `tok_…`, single use */
  token: string;
  /** how the sandbox treats this card (see sandbox-test-cards.ts), decided from the number at tokenization */
  behaviour: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  /** ISO 3166-1 alpha-2 country of the issuing bank */
  country: string;
  holder_name: string;
  created_at: Timestamp;
  /** single-use tokens expire in minutes; a reusable (saved) one when the card does */
  expires_at: Timestamp;
  /** when a single-use token was spent, or a reusable one forgotten */
  used_at: Timestamp | null;
  /** a saved card's token: charged any number of times until forgotten */
  reusable: ColumnType<boolean, boolean | undefined, boolean>;
}

export interface SandboxCardPaymentsTable {
  /** `pay_…` */
  id: string;
  /** the merchant's key: the same key always answers with this payment */
  idempotency_key: string;
  /** the token the payment was asked for with, known or not */
  token: string;
  /** minor units */
  amount: ColumnType<bigint, bigint, never>;
  currency: string;
  /** the merchant's reference for the payment */
  reference: string;
  /** same-origin path the 3-D Secure challenge returns the browser to */
  return_url: string;
  /** whether the payment asked for a 3-D Secure challenge */
  challenge: boolean;
  /** APPROVED | DECLINED | WAITING */
  status: string;
  /** PaymentCode; null while WAITING */
  code: string | null;
  /** the card; null when the token was unknown, used or expired */
  brand: string | null;
  last4: string | null;
  exp_month: number | null;
  exp_year: number | null;
  country: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** when the merchant voided it: an approval released, a challenge ended; null otherwise */
  voided_at: Timestamp | null;
  /** when the merchant refunded an approved payment in full, and under which key; null otherwise */
  refunded_at: Timestamp | null;
  refund_key: string | null;
  /** the card's billing address the merchant gave with the payment (migration 0058); null without one */
  billing_address: JSONColumnType<BillingAddress | null, string | null | undefined, never>;
}

export interface CardGatewayTables {
  sandbox_card_tokens: SandboxCardTokensTable;
  sandbox_card_payments: SandboxCardPaymentsTable;
}
