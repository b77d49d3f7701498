import type { ColumnType, GeneratedAlways, JSONColumnType, Selectable } from 'kysely';
import type { PaymentType } from '../../../domain/contract/transfers.ts';
import type { PayoutType } from '../../../domain/payout-types.ts';
import type { PurposeOfTransaction } from '../../../domain/purposes.ts';
import type {
  CloseReason,
  EventActor,
  EventReason,
  PartnerStatus,
  RefundDestination,
  TransferEvent,
  TransferNote,
  TransferStatus,
} from '../../../domain/transfers.ts';
import type { CreatedAt, Timestamp } from './platform.ts';

/**
 * A customer's transfer: the quote's figures frozen at creation, the
 * recipient it pays, and where it stands in the state machine
 * (src/domain/transfers.ts). Money columns are minor units.
 */
export interface TransfersTable {
  /** `tr_…` */
  id: string;
  /** the short reference customers and support read ("SR7K2M9QXA") */
  trans_ref: string;
  customer_id: string;
  quote_id: string;
  beneficiary_id: string;
  /** the customer's Idempotency-Key: one transfer per key and customer */
  idempotency_key: string;
  /** sha256 of the create request; the same key with another request is refused */
  request_hash: string;
  status: TransferStatus;
  close_reason: CloseReason | null;
  purpose: PurposeOfTransaction;
  send_country: string;
  destination_country: string;
  source_currency: string;
  dest_currency: string;
  /**
   * The price, from the transfer's quote. Written again only by reprice
   * (transfer-reprice.ts), while the transfer is unpaid and no payment is open.
   */
  send_amount: ColumnType<bigint, bigint, bigint>;
  fee: ColumnType<bigint, bigint, bigint>;
  /** send_amount + fee: what the card is charged */
  total: ColumnType<bigint, bigint, bigint>;
  receive_amount: ColumnType<bigint, bigint, bigint>;
  /** numeric, exact string */
  rate: ColumnType<string, string, string>;
  payout_type: PayoutType;
  payout_provider_name: string;
  /** the recipient's name when the transfer was made (the recipient may change or be deleted later) */
  beneficiary_name: string;
  /** how the customer chose to pay (the database allows only the types built so far) */
  payment_type: PaymentType | null;
  /** the payout partner's reference, once it has the transfer */
  partner_reference: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
  /** when the customer's payment was approved */
  funded_at: Timestamp | null;
  /** when the recipient was paid */
  paid_at: Timestamp | null;
  /** where the money went back, for a transfer refunded (rejected or recalled); null otherwise */
  refund_to: RefundDestination | null;
  /** the payout values this transfer was corrected to after paying; null while they are the recipient's as saved */
  payout_details: JSONColumnType<Record<string, string> | null, string | null, string | null>;
  /** the list label of those corrected values ("Safaricom M-PESA · •••• 5678"); null with them */
  payout_label: string | null;
  /** the delivery promise: at the latest this many hours after payment the money is with the recipient (the quote's) */
  promised_hours: number;
  /** when a payout later than the promise gave the fee back to the wallet; null otherwise */
  late_fee_refunded_at: Timestamp | null;
}

export type TransferRow = Selectable<TransfersTable>;

/** What a history row records: a transition, the creation, or a note that enters no status (transfers.ts). */
export type HistoryEvent = TransferEvent | 'created' | TransferNote;

/**
 * A transfer's history: one row per status it entered, creation included,
 * plus one per change of its payout details; who or what did it, why, and
 * where a refund went.
 */
export interface TransferEventsTable {
  id: GeneratedAlways<bigint>;
  transfer_id: string;
  /** the status entered (or kept, for a change of payout details) */
  status: TransferStatus;
  event: HistoryEvent;
  actor: EventActor;
  reason: EventReason | null;
  refund_to: RefundDestination | null;
  /** the customer's Idempotency-Key of the call that wrote the row, for calls that move money (cancel) */
  idempotency_key: string | null;
  request_hash: string | null;
  at: Timestamp;
}

export type TransferEventRow = Selectable<TransferEventsTable>;

/**
 * What the payout partner reported of a transfer, once per report: a report
 * seen again is refused by the unique key and changes nothing.
 */
export interface PayoutPartnerEventsTable {
  id: GeneratedAlways<bigint>;
  transfer_id: string;
  /** the partner's id of the report */
  partner_event_id: string;
  status: PartnerStatus;
  reason: EventReason | null;
  received_at: Timestamp;
  /** how many history rows it wrote: 0 when it came late, twice, or contradicted a final state */
  moves: number;
}

/** Where a credit our bank reported was booked. */
export type BankCreditBooking = 'transfer' | 'wallet' | 'unmatched';

/** A credit to our bank account (a customer paying by bank transfer), recorded once by the bank's id. */
export interface BankCreditsTable {
  /** the bank's id of the credit */
  id: string;
  /** what the payer wrote as the reference: a transfer's reference when they followed our instructions */
  reference: string;
  amount: ColumnType<bigint, bigint, never>;
  currency: string;
  transfer_id: string | null;
  booked_to: BankCreditBooking;
  received_at: Timestamp;
}

export type BankCreditRow = Selectable<BankCreditsTable>;

export interface TransferTables {
  transfers: TransfersTable;
  transfer_events: TransferEventsTable;
  payout_partner_events: PayoutPartnerEventsTable;
  bank_credits: BankCreditsTable;
}
