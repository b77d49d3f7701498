import {
  array,
  assign,
  boolean,
  enums,
  type Infer,
  integer,
  literal,
  nullable,
  object,
  optional,
  record,
  refine,
  string,
  union,
} from 'superstruct';
import { DISPUTE_DESCRIPTION_MAX, DISPUTE_OUTCOMES, DISPUTE_REASONS, DISPUTE_STATES } from '../disputes.ts';
import { PAYMENT_CODES } from '../payments.ts';
import { PAYOUT_TYPES } from '../payout-types.ts';
import { PURPOSES_OF_TRANSACTION } from '../purposes.ts';
import { cityRule, streetRule } from '../remitter.ts';
import {
  CLOSE_REASONS,
  EVENT_ACTORS,
  EVENT_REASONS,
  REFUND_DESTINATIONS,
  STATUS_LABEL_KEYS,
  TRANSFER_EVENTS,
  TRANSFER_REFERENCE,
  TRANSFER_STATUSES,
} from '../transfers.ts';
import { ssnLast4Rule, usaStateRule, zipRule } from '../us-card-payment.ts';
import { endpoint } from './endpoint.ts';
import { QuoteId } from './fields.ts';
import { fromString, trimmed, upperCased } from './from-string.ts';
import { oneCard, SavedCardId } from './saved-card-id.ts';

/**
 * Transfers (SPEC §7 "Rates, recipients, transactions"). Every call needs a
 * session; calls that move money (create, pay) also need an Idempotency-Key
 * header of 8 to 128 visible ASCII characters (a UUID is right): the same key
 * with the same body answers with the first result, never a second transfer
 * or charge.
 */

const Id = (name: string) =>
  refine(string(), name, (value) => (value.length > 0 && value.length <= 64) || `The ${name} field is invalid`);

/** A transfer reference such as "SR7K2M9QXA"; surrounding spaces and letter case are forgiven. */
export const TransferReference = upperCased(
  refine(string(), 'trans_ref', (value) => TRANSFER_REFERENCE.test(value) || 'The trans_ref field is invalid'),
);

/** POST /remit/transaction/create body; 201 a new transfer, 200 the same key's transfer again. */
export const CreateTransferRequest = object({
  quote_id: QuoteId,
  beneficiary_id: Id('beneficiary_id'),
  purpose_of_transaction: enums(PURPOSES_OF_TRANSACTION),
});
export type CreateTransferRequest = Infer<typeof CreateTransferRequest>;

/** SPEC §3 transaction payment types. Card, wallet, bank transfer and bank link (trustly) can be used so far. */
export const PAYMENT_TYPES = ['bank', 'apaylo', 'trustly', 'wallet', 'card'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];
export const AVAILABLE_PAYMENT_TYPES: readonly PaymentType[] = ['card', 'wallet', 'bank', 'trustly'];

/** SPEC §6: the wallet payment type is hidden for a US source country. */
export function paymentTypesFor(sourceCountry: string): PaymentType[] {
  return AVAILABLE_PAYMENT_TYPES.filter((type) => type !== 'wallet' || sourceCountry !== 'US');
}

/** POST /remit/transaction/set-payment-type body. */
export const SetPaymentTypeRequest = object({
  trans_ref: TransferReference,
  payment_type: refine(
    enums(PAYMENT_TYPES),
    'payment_type',
    (value) =>
      AVAILABLE_PAYMENT_TYPES.includes(value) ||
      `Paying by ${value} is not available yet; pay by card, wallet, bank transfer or bank link`,
  ),
});
export type SetPaymentTypeRequest = Infer<typeof SetPaymentTypeRequest>;

/** A card's billing address in the United States (`us-card-payment.ts`); codes in any letter case. */
export const BillingAddress = object({
  street: trimmed(refine(string(), 'street', streetRule)),
  city: trimmed(refine(string(), 'city', cityRule)),
  state: upperCased(refine(string(), 'state', usaStateRule)),
  zip: trimmed(refine(string(), 'zip', zipRule)),
});

/**
 * POST /remit/transaction/pay body: the single-use token the card gateway
 * gave the browser (`card_token`) or one of the customer's saved cards
 * (`saved_card_id`), never both. A sender from the United States adds the
 * card's `billing_address` to every payment (400 without it; 400
 * InvalidInformation when it is not their registered home address), and
 * `ssn_last4` until they have confirmed it once (400 SSNNotDefined on
 * `ssn_last4` without it; 400 InvalidInformation when wrong; 429
 * AttemptLimit after 5 wrong tries in 24 hours); a sender from anywhere else
 * gives neither (400).
 */
export const PayRequest = refine(
  object({
    trans_ref: TransferReference,
    card_token: optional(
      refine(
        string(),
        'card_token',
        (value) => (value.length > 0 && value.length <= 255) || 'The card_token field is invalid',
      ),
    ),
    saved_card_id: optional(SavedCardId('saved_card_id')),
    billing_address: optional(BillingAddress),
    /** exactly 4 digits */
    ssn_last4: optional(trimmed(refine(string(), 'ssn_last4', ssnLast4Rule))),
  }),
  'payment_card',
  oneCard,
);
export type PayRequest = Infer<typeof PayRequest>;

/**
 * POST /remit/transaction/v2/set-payment-type body (SPEC §7: the v2 call is
 * the wallet's): pay the transfer from the customer's wallet in its source
 * currency, at once.
 */
export const PayFromWalletRequest = object({ trans_ref: TransferReference });

/** POST /remit/transaction/pay/bank-link body: pay from the customer's bank through the bank-link provider. */
export const PayByBankLinkRequest = object({ trans_ref: TransferReference });
export type PayByBankLinkRequest = Infer<typeof PayByBankLinkRequest>;
export type PayFromWalletRequest = Infer<typeof PayFromWalletRequest>;

/**
 * POST /remit/transaction/reprice body: price an unpaid transfer with a new
 * live quote of the same corridor (its rate ran out); recipient, purpose and
 * payment choice stay. The same quote again answers the transfer as it is.
 */
export const RepriceRequest = object({ trans_ref: TransferReference, quote_id: QuoteId });
export type RepriceRequest = Infer<typeof RepriceRequest>;

/** GET /remit/transaction/payment-status query. */
export const PaymentStatusQuery = object({ trans_ref: TransferReference });
export type PaymentStatusQuery = Infer<typeof PaymentStatusQuery>;

export const TRANSFER_LIST_MAX = 100;

/** GET /remit/transaction/list and GET /api/v2/recent-transactions query: the newest `limit` (default 50). */
export const TransferListQuery = object({
  limit: optional(
    fromString(
      refine(
        integer(),
        'limit',
        (value) => (value >= 1 && value <= TRANSFER_LIST_MAX) || `The limit must be 1 to ${TRANSFER_LIST_MAX}`,
      ),
      (value) => (/^\d+$/.test(value) ? Number(value) : Number.NaN),
    ),
  ),
});
export type TransferListQuery = Infer<typeof TransferListQuery>;

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
  event: enums([...TRANSFER_EVENTS, 'created', 'payout_details_updated']),
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
  }),
);
export type Transfer = Infer<typeof Transfer>;

export const TransferList = array(TransferSummary);
export type TransferList = Infer<typeof TransferList>;

/**
 * 200 `data` of pay and payment-status. A refused card is data, not an error:
 * APPROVED (code `approved`) funds the transfer; DECLINED carries the SPEC §8
 * code to show; WAITING means a 3-D Secure challenge is open at
 * `challenge_url` (code null): poll payment-status every 15 seconds.
 */
export const PaymentResult = object({
  status: enums(['APPROVED', 'DECLINED', 'WAITING']),
  code: nullable(enums(PAYMENT_CODES)),
  challenge_url: nullable(string()),
  transfer: Transfer,
});
export type PaymentResult = Infer<typeof PaymentResult>;

/**
 * POST /remit/transaction/cancel body: cancel a transfer not yet paid for, or
 * recall a paid one within the US cancellation right, with everything paid
 * back to `refund_to` (the Sarraf wallet or the card that paid; required for a paid transfer).
 */
export const CancelTransferRequest = object({
  trans_ref: TransferReference,
  refund_to: optional(enums(REFUND_DESTINATIONS)),
});
export type CancelTransferRequest = Infer<typeof CancelTransferRequest>;

const MAX_PAYOUT_VALUES = 16;

/**
 * POST /remit/transaction/update-payout-details body: the corrected payout
 * values of a paid transfer not yet paid out, by field name; only the payout
 * fields of its corridor's form (payoutDetailFields), checked like a recipient's.
 */
export const UpdatePayoutDetailsRequest = object({
  trans_ref: TransferReference,
  values: refine(
    record(string(), string()),
    'values',
    (value) => Object.keys(value).length <= MAX_PAYOUT_VALUES || `The form has at most ${MAX_PAYOUT_VALUES} fields`,
  ),
});
export type UpdatePayoutDetailsRequest = Infer<typeof UpdatePayoutDetailsRequest>;

/** POST /remit/transaction/dispute body: report a problem with a paid transfer (reason from the list, in the customer's words). */
export const OpenDisputeRequest = object({
  trans_ref: TransferReference,
  reason: enums(DISPUTE_REASONS),
  description: refine(
    string(),
    'description',
    (value) =>
      (/\S/.test(value) && value.length <= DISPUTE_DESCRIPTION_MAX) ||
      `The description field must say what went wrong, in at most ${DISPUTE_DESCRIPTION_MAX} characters`,
  ),
});
export type OpenDisputeRequest = Infer<typeof OpenDisputeRequest>;

/**
 * GET /remit/transaction/:trans_ref/disclosure: what the sender must be told
 * before paying (domain/disclosures.ts), by the country they send from.
 * `eea_conversion_markup`: the currency-conversion charge over the euro
 * reference rate of `reference_date` (ISO date), in percent (two decimals)
 * and in the source currency; `us_remittance`: the transfer's figures, when
 * the money is available at the latest (ISO 8601, if paid now) and how long
 * after paying it may be cancelled for a full refund; `none` otherwise
 * (also for a conversion the reference rates do not cover).
 */
export const PrePaymentDisclosureView = union([
  object({
    kind: literal('eea_conversion_markup'),
    markup_percent: string(),
    markup_amount: string(),
    source_currency: string(),
    reference_rate: string(),
    reference_date: string(),
  }),
  object({
    kind: literal('us_remittance'),
    source_currency: string(),
    dest_currency: string(),
    send_amount: string(),
    fees: string(),
    total: string(),
    rate: string(),
    receive_amount: string(),
    available_by: string(),
    cancellation_seconds: integer(),
  }),
  object({ kind: literal('none') }),
]);
export type PrePaymentDisclosureView = Infer<typeof PrePaymentDisclosureView>;

/** A reported problem and where its review stands (times ISO 8601; null for a move not made yet). */
export const Dispute = object({
  id: string(),
  trans_ref: string(),
  reason: enums(DISPUTE_REASONS),
  description: string(),
  state: enums(DISPUTE_STATES),
  outcome: nullable(enums(DISPUTE_OUTCOMES)),
  opened_at: string(),
  under_review_at: nullable(string()),
  resolved_at: nullable(string()),
});
export type Dispute = Infer<typeof Dispute>;

/** GET /remit/transaction/:trans_ref/dispute: the transfer's latest dispute, null when none; and until when one may be opened. */
export const DisputeAnswer = object({
  dispute: nullable(Dispute),
  disputable_until: nullable(string()),
});
export type DisputeAnswer = Infer<typeof DisputeAnswer>;

/** The transfers area of the main API (SPEC §7 "Rates, recipients, transactions"). */
export const transfersApi = {
  createTransfer: endpoint({
    method: 'POST',
    base: 'main',
    path: '/remit/transaction/create',
    auth: 'session',
    body: CreateTransferRequest,
    response: Transfer,
    status: 201,
    idempotent: true,
  }),
  setPaymentType: endpoint({
    method: 'POST',
    base: 'main',
    path: '/remit/transaction/set-payment-type',
    auth: 'session',
    body: SetPaymentTypeRequest,
    response: Transfer,
  }),
  repriceTransfer: endpoint({
    method: 'POST',
    base: 'main',
    path: '/remit/transaction/reprice',
    auth: 'session',
    body: RepriceRequest,
    response: Transfer,
  }),
  payTransfer: endpoint({
    method: 'POST',
    base: 'main',
    path: '/remit/transaction/pay',
    auth: 'session',
    body: PayRequest,
    response: PaymentResult,
    idempotent: true,
  }),
  payByBankLink: endpoint({
    method: 'POST',
    base: 'main',
    path: '/remit/transaction/pay/bank-link',
    auth: 'session',
    body: PayByBankLinkRequest,
    response: PaymentResult,
    idempotent: true,
  }),
  payFromWallet: endpoint({
    method: 'POST',
    base: 'main',
    path: '/remit/transaction/v2/set-payment-type',
    auth: 'session',
    body: PayFromWalletRequest,
    response: PaymentResult,
    idempotent: true,
  }),
  getPaymentStatus: endpoint({
    method: 'GET',
    base: 'main',
    path: '/remit/transaction/payment-status',
    auth: 'session',
    query: PaymentStatusQuery,
    response: PaymentResult,
  }),
  listTransfers: endpoint({
    method: 'GET',
    base: 'main',
    path: '/remit/transaction/list',
    auth: 'session',
    query: TransferListQuery,
    response: TransferList,
    offline: 'last-known',
  }),
  listRecentTransfers: endpoint({
    method: 'GET',
    base: 'main',
    path: '/api/v2/recent-transactions',
    auth: 'session',
    query: TransferListQuery,
    response: TransferList,
    offline: 'last-known',
  }),
  getTransfer: endpoint({
    method: 'GET',
    base: 'main',
    path: '/remit/transaction/:trans_ref',
    auth: 'session',
    params: object({ trans_ref: TransferReference }),
    response: Transfer,
    offline: 'last-known',
    notFound: 'Transfer',
  }),
  cancelTransfer: endpoint({
    method: 'POST',
    base: 'main',
    path: '/remit/transaction/cancel',
    auth: 'session',
    body: CancelTransferRequest,
    response: Transfer,
    idempotent: true,
  }),
  updatePayoutDetails: endpoint({
    method: 'POST',
    base: 'main',
    path: '/remit/transaction/update-payout-details',
    auth: 'session',
    body: UpdatePayoutDetailsRequest,
    response: Transfer,
  }),
  openDispute: endpoint({
    method: 'POST',
    base: 'main',
    path: '/remit/transaction/dispute',
    auth: 'session',
    body: OpenDisputeRequest,
    response: Dispute,
    status: 201,
    idempotent: true,
  }),
  getDispute: endpoint({
    method: 'GET',
    base: 'main',
    path: '/remit/transaction/:trans_ref/dispute',
    auth: 'session',
    params: object({ trans_ref: TransferReference }),
    response: DisputeAnswer,
    offline: 'last-known',
    notFound: 'Transfer',
  }),
  getDisclosure: endpoint({
    method: 'GET',
    base: 'main',
    path: '/remit/transaction/:trans_ref/disclosure',
    auth: 'session',
    params: object({ trans_ref: TransferReference }),
    response: PrePaymentDisclosureView,
    notFound: 'Transfer',
  }),
} as const;
