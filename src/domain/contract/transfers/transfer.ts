import { PAYOUT_TYPES } from '../../payout-types.ts';
import { PURPOSES_OF_TRANSACTION } from '../../purposes.ts';
import {
  CLOSE_REASONS,
  EVENT_ACTORS,
  EVENT_REASONS,
  REFUND_DESTINATIONS,
  STATUS_LABEL_KEYS,
  TRANSFER_EVENTS,
  TRANSFER_NOTES,
  TRANSFER_REFERENCE,
  TRANSFER_STATUSES,
} from '../../transfers.ts';
import { upperCased } from '../from-string.ts';
import {
  array,
  assign,
  boolean,
  enums,
  type Infer,
  integer,
  nullable,
  object,
  record,
  refine,
  string,
} from '../structs.ts';

/** A transfer as the calls answer it, its reference, and the ways it may be paid. */

/** A transfer reference such as "SR7K2M9QXA"; surrounding spaces and letter case are forgiven. */
export const TransferReference = upperCased(
  refine(string(), 'trans_ref', (value) => TRANSFER_REFERENCE.test(value) || 'The trans_ref field is invalid', {
    pattern: TRANSFER_REFERENCE.source,
  }),
);

/** SPEC §3 transaction payment types. Card, wallet, bank transfer and bank link (trustly) can be used so far. */
export const PAYMENT_TYPES = ['bank', 'apaylo', 'trustly', 'wallet', 'card'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];
export const AVAILABLE_PAYMENT_TYPES: readonly PaymentType[] = ['card', 'wallet', 'bank', 'trustly'];

/** SPEC §6: the wallet payment type is hidden for a US source country. */
export function paymentTypesFor(sourceCountry: string): PaymentType[] {
  return AVAILABLE_PAYMENT_TYPES.filter((type) => type !== 'wallet' || sourceCountry !== 'US');
}

/** A transfer as the list shows it. Amounts are decimal strings; rates are exact decimal strings. */
export const TransferSummary = object({
  trans_ref: string(),
  status: enums(TRANSFER_STATUSES),
  /** the SPEC §4 label to show, as a key the client translates */
  status_label: enums(STATUS_LABEL_KEYS),
  /** why a CLOSED transfer ended; null otherwise */
  close_reason: nullable(enums(CLOSE_REASONS)),
  /** where the money went back, for a refunded (rejected or recalled) transfer; null otherwise */
  refund_to: nullable(enums(REFUND_DESTINATIONS)),
  send_country: string(),
  destination_country: string(),
  source_currency: string(),
  dest_currency: string(),
  send_amount: string(),
  fees: string(),
  /** send_amount + fees: what the customer pays */
  total: string(),
  receive_amount: string(),
  rate: string(),
  /** the payout type */
  trans_type: enums(PAYOUT_TYPES),
  purpose: enums(PURPOSES_OF_TRANSACTION),
  /** chosen with set-payment-type, or card once paid by card */
  payment_type: nullable(enums(PAYMENT_TYPES)),
  beneficiary: object({ id: string(), name: string() }),
  /** ISO 8601 */
  created_at: string(),
  /** when the payment was approved */
  funded_at: nullable(string()),
  /** when the recipient was paid */
  paid_at: nullable(string()),
});
export type TransferSummary = Infer<typeof TransferSummary>;

/** One row of a transfer's history: what happened, who or what did it, when, why, and where a refund went. */
export const TransferEventView = object({
  status: enums(TRANSFER_STATUSES),
  event: enums([...TRANSFER_EVENTS, 'created', ...TRANSFER_NOTES]),
  actor: enums(EVENT_ACTORS),
  reason: nullable(enums(EVENT_REASONS)),
  refund_to: nullable(enums(REFUND_DESTINATIONS)),
  at: string(),
});
export type TransferEventView = Infer<typeof TransferEventView>;

/** The details of one of our bank accounts a customer pays into, as their bank asks for them. */
export const BANK_DETAIL_FIELDS = [
  'iban',
  'bic',
  'sort_code',
  'account_number',
  'routing_number',
  'institution_number',
  'transit_number',
] as const;
export type BankDetailField = (typeof BANK_DETAIL_FIELDS)[number];

/**
 * How to pay a transfer by bank transfer: our account in its currency, the
 * exact amount, and the reference to write (the transfer's own, unique).
 */
export const BankTransferInstructions = object({
  account_name: string(),
  bank_name: string(),
  account: array(object({ field: enums(BANK_DETAIL_FIELDS), value: string() })),
  amount: string(),
  currency: string(),
  reference: string(),
});
export type BankTransferInstructions = Infer<typeof BankTransferInstructions>;

/** A transfer with its history, oldest event first, and the time its quoted rate holds until. */
export const Transfer = assign(
  TransferSummary,
  object({
    /** ISO 8601; a transfer can be paid only before then (the pay screen's countdown) */
    quote_expiration_time: string(),
    /** the promo code that lowered its fee, if any (a new rate for it must carry the same code) */
    promo_code: nullable(string()),
    events: array(TransferEventView),
    /** the card that paid (brand and last four digits), once paid */
    paid_with: nullable(object({ brand: string(), last4: string() })),
    /** ISO 8601: until when the customer may still cancel this paid transfer (US senders); null when they may not */
    cancellable_until: nullable(string()),
    /** whether the recipient's payout details may still be corrected (paid for and not yet paid out) */
    payout_details_changeable: boolean(),
    /** where to send the money, while it waits for a bank transfer; null otherwise */
    bank_transfer: nullable(BankTransferInstructions),
    /** where the money is paid out, as the recipients list labels it ("Safaricom M-PESA · •••• 5678") */
    payout_label: string(),
    /** the payout values this transfer pays to (the payout-detail fields of its corridor's form), canonical */
    payout_details: record(string(), string()),
    /**
     * The delivery promise: the money is with the recipient at the latest `hours` after payment
     * (`promised_by` once paid), or the fee goes back to the wallet (`fee_refunded_at` when it did).
     */
    delivery_promise: object({
      hours: integer(),
      promised_by: nullable(string()),
      fee_refunded_at: nullable(string()),
    }),
  }),
);
export type Transfer = Infer<typeof Transfer>;
