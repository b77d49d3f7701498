import { PAYMENT_CODES } from '../../payments.ts';
import { cityRule, streetRule } from '../../remitter.ts';
import { postcodeRule, ssnLast4Rule, usaStateRule } from '../../us-card-payment.ts';
import { AdyenCardFields } from '../card-gateway.ts';
import { endpoint } from '../endpoint.ts';
import { trimmed, upperCased } from '../from-string.ts';
import { ONE_CARD, oneCard, SavedCardId } from '../saved-card-id.ts';
import { enums, type Infer, integer, literal, nullable, object, optional, refine, string, union } from '../structs.ts';
import { AVAILABLE_PAYMENT_TYPES, PAYMENT_TYPES, Transfer, TransferReference } from './transfer.ts';

/**
 * Paying a transfer: choosing how, paying by card, wallet or bank link, the
 * payment's status, and what the sender must be told before paying.
 */

/** POST /remit/transaction/set-payment-type body. */
export const SetPaymentTypeRequest = object({
  trans_ref: TransferReference,
  payment_type: refine(
    enums(PAYMENT_TYPES),
    'payment_type',
    (value) =>
      AVAILABLE_PAYMENT_TYPES.includes(value) ||
      `Paying by ${value} is not available yet; pay by card, wallet, bank transfer or bank link`,
    { enum: AVAILABLE_PAYMENT_TYPES },
  ),
});
export type SetPaymentTypeRequest = Infer<typeof SetPaymentTypeRequest>;

/**
 * A card's billing address (`us-card-payment.ts`); codes in any letter case. `state` only in the United States,
 * where it is needed and `zip` is a ZIP code; elsewhere `zip` is the postcode.
 */
export const BillingAddress = object({
  street: trimmed(refine(string(), 'street', streetRule, { description: 'a street address' })),
  city: trimmed(refine(string(), 'city', cityRule, { description: 'a city' })),
  state: optional(upperCased(refine(string(), 'state', usaStateRule, { description: 'a US state code, such as NY' }))),
  zip: trimmed(refine(string(), 'zip', postcodeRule, { description: 'the postcode; in the United States a ZIP code' })),
});

/**
 * POST /remit/transaction/pay body: the single-use token the card gateway
 * gave the browser (`card_token`) or one of the customer's saved cards
 * (`saved_card_id`), never both. A sender from the United States adds the
 * card's `billing_address` with its `state` to every payment (400 without
 * it; 400 InvalidInformation when it is not their registered home address),
 * and `ssn_last4` until they have confirmed it once (400 SSNNotDefined on
 * `ssn_last4` without it; 400 InvalidInformation when wrong; 429
 * AttemptLimit after 5 wrong tries in 24 hours). A sender from anywhere else
 * may give the billing address, without a state (the pay step does): it must
 * be their home address too (400 InvalidInformation); never `ssn_last4` (400).
 */
export const PayRequest = refine(
  object({
    trans_ref: TransferReference,
    card_token: optional(
      refine(
        string(),
        'card_token',
        (value) => (value.length > 0 && value.length <= 255) || 'The card_token field is invalid',
        { minLength: 1, maxLength: 255 },
      ),
    ),
    card_fields: optional(AdyenCardFields),
    saved_card_id: optional(SavedCardId('saved_card_id')),
    billing_address: optional(BillingAddress),
    /** exactly 4 digits */
    ssn_last4: optional(trimmed(refine(string(), 'ssn_last4', ssnLast4Rule, { description: 'four digits' }))),
  }),
  'payment_card',
  oneCard,
  ONE_CARD,
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

/** GET /remit/transaction/payment-status query. */
export const PaymentStatusQuery = object({ trans_ref: TransferReference });
export type PaymentStatusQuery = Infer<typeof PaymentStatusQuery>;

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

/**
 * GET /remit/payment/card-gateway `data`: which card fields the pay and
 * top-up steps show. `sandbox`: our own form, tokenized at the sandbox
 * gateway; `adyen`: Adyen's card component, started with the public client key.
 */
export const CardGatewayView = union([
  /** `tokens_url`: where the browser sends the card to be tokenized (the sandbox gateway's page on our origin) */
  object({ gateway: literal('sandbox'), tokens_url: string() }),
  object({ gateway: literal('adyen'), client_key: string(), environment: enums(['test', 'live']) }),
]);
export type CardGatewayView = Infer<typeof CardGatewayView>;

/** Payment. */
export const paymentCalls = {
  getCardGateway: endpoint({
    method: 'GET',
    base: 'main',
    path: '/remit/payment/card-gateway',
    auth: 'session',
    response: CardGatewayView,
  }),
  setPaymentType: endpoint({
    method: 'POST',
    base: 'main',
    path: '/remit/transaction/set-payment-type',
    auth: 'session',
    body: SetPaymentTypeRequest,
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
