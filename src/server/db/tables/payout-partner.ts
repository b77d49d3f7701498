import type { ColumnType, JSONColumnType } from 'kysely';
import type { Timestamp } from './platform.ts';

/**
 * The sandbox payout partner's own state: each payout order it accepted.
 * In production this lives at the partner; here it stands in for it.
 */
export interface SandboxPayoutsTable {
  /** `spo_…`: the partner's reference */
  id: string;
  /** our transfer reference; one order per transfer, so a repeated submit is the same order */
  reference: string;
  amount: ColumnType<bigint, bigint, never>;
  currency: string;
  destination_country: string;
  payout_type: string;
  recipient_name: string;
  /** decided at submission from the magic values: pay | reject */
  outcome: 'pay' | 'reject';
  /** the key the order was submitted with; a repeat is this order (null before migration 0011) */
  idempotency_key: string | null;
  submitted_at: Timestamp;
  /** when we recalled the order before it was paid out; null otherwise */
  cancelled_at: Timestamp | null;
  /** when we last sent the recipient's corrected payout details; null if never */
  amended_at: Timestamp | null;
  /** where the order pays out, as last sent (at submission or by an amendment); null for orders older than 0039 */
  payout_details: JSONColumnType<Record<string, string> | null, string | null, string | null>;
}

/** A bank transfer we asked Adyen for, as its transfer webhooks last described it (`PAYOUT_PARTNER=adyen`). */
export interface AdyenPayoutsTable {
  /** Adyen's id of the transfer: the partner reference */
  transfer_id: string;
  /** our transfer reference */
  reference: string;
  /** Adyen's status of the transfer (`received`, `authorised`, `booked`, `failed`, `returned`, …) */
  status: string;
  /** Adyen's reason for that status (`approved`, `counterpartyAccountNotFound`, …) */
  reason: string | null;
  /** Adyen's tracking said the recipient's bank credited the account */
  credited: boolean;
  /** the sequence number of the webhook that said so: a lower one arriving late changes nothing */
  sequence_number: number;
  updated_at: Timestamp;
}

export interface PayoutPartnerTables {
  sandbox_payouts: SandboxPayoutsTable;
  adyen_payouts: AdyenPayoutsTable;
}
