import type { CardBrand, DeclineCode } from '../../../../domain/payments.ts';
import type { CardAuthorization, CardDetails } from '../card-gateway.ts';

/**
 * Adyen's refusal reasons (`refusalReasonCode` in a payment's answer, the
 * same text as `refusalReason`, and a webhook's `reason`) as SPEC §8's
 * payment codes, whose customer messages the app already has.
 */
const REFUSALS: ReadonlyArray<readonly [code: string, reason: string, DeclineCode]> = [
  ['0', 'Unknown', 'unknown_error'],
  ['2', 'Refused', 'payment_was_declined_by_bank'],
  ['3', 'Referral', 'payment_was_declined_by_bank'],
  ['4', 'Acquirer Error', 'general_problem_with_payment_try_again'],
  ['5', 'Blocked Card', 'payment_was_declined_by_bank'],
  ['6', 'Expired Card', 'card_has_expired'],
  ['7', 'Invalid Amount', 'general_problem_with_payment_try_again'],
  ['8', 'Invalid Card Number', 'invalid_card_number'],
  ['9', 'Issuer Unavailable', 'payment_was_declined_try_again'],
  ['10', 'Not supported', 'we_do_not_accept_this_card_type'],
  ['11', '3D Not Authenticated', 'payment_was_not_authorised'],
  ['12', 'Not enough balance', 'insufficient_funds'],
  ['14', 'Acquirer Fraud', 'payment_was_declined_by_bank'],
  ['15', 'Cancelled', 'payment_was_not_authorised'],
  ['16', 'Shopper Cancelled', 'payment_was_not_authorised'],
  ['17', 'Invalid Pin', 'payment_was_declined_by_bank'],
  ['18', 'Pin tries exceeded', 'payment_was_declined_by_bank'],
  ['19', 'Pin validation not possible', 'payment_was_declined_try_again'],
  ['20', 'FRAUD', 'payment_was_declined_by_bank'],
  ['21', 'Not Submitted', 'general_problem_with_payment_try_again'],
  ['22', 'FRAUD-CANCELLED', 'payment_was_declined_by_bank'],
  ['23', 'Transaction Not Permitted', 'we_do_not_accept_this_card_type'],
  ['24', 'CVC Declined', 'payment_was_declined_by_bank'],
  ['25', 'Restricted Card', 'payment_was_declined_by_bank'],
  ['26', 'Revocation Of Auth', 'payment_was_declined_by_bank'],
  ['27', 'Declined Non Generic', 'payment_was_declined_by_bank'],
  ['28', 'Withdrawal amount exceeded', 'insufficient_funds'],
  ['29', 'Withdrawal count exceeded', 'insufficient_funds'],
  ['31', 'Issuer Suspected Fraud', 'payment_was_declined_by_bank'],
  ['32', 'AVS Declined', 'payment_was_declined_by_bank'],
  ['38', 'Authentication required', 'payment_was_not_authorised'],
  ['42', '3DS Authentication Error', 'payment_was_not_authorised'],
  ['46', 'Transaction blocked by Adyen to prevent excessive retry fees', 'payment_was_declined_by_bank'],
];

/** The payment code of a refusal, by Adyen's code or, failing that, its reason text; a new reason is a bank decline. */
export function declineCodeOf(refusalReasonCode: string | undefined, refusalReason: string | undefined): DeclineCode {
  const known =
    REFUSALS.find(([code]) => code === refusalReasonCode) ??
    REFUSALS.find(([, reason]) => reason.toLowerCase() === refusalReason?.trim().toLowerCase());
  return known?.[2] ?? 'payment_was_declined_by_bank';
}

const BRANDS: Readonly<Record<string, CardBrand>> = { visa: 'visa', mc: 'mastercard', amex: 'amex' };

/** Adyen's brand variant (`visa`, `mc`, `visadebit`, `mccredit`, `amex_applepay`…) as one of ours. */
function cardBrandOf(adyenBrand: string | undefined): CardBrand {
  if (!adyenBrand) return 'unknown';
  const base = /^(visa|mc|amex)/.exec(adyenBrand)?.[1];
  return (base && BRANDS[base]) || 'unknown';
}

/**
 * The card as a payment's answer or webhook describes it, from the additional
 * data the merchant account is set to return (README: card summary, expiry
 * date, issuer country); null while any part is missing.
 */
export function cardFrom(
  brand: string | undefined,
  additionalData: Record<string, unknown> | undefined,
): CardDetails | null {
  const data = additionalData ?? {};
  const last4 = String(data.cardSummary ?? '');
  const expiry = /^(\d{1,2})\/(\d{4})$/.exec(String(data.expiryDate ?? ''));
  const country = String(data.issuerCountry ?? data.cardIssuingCountry ?? '');
  if (!/^\d{4}$/.test(last4) || !expiry || !/^[A-Z]{2}$/.test(country)) return null;
  return {
    brand: cardBrandOf(brand ?? String(data.paymentMethod ?? '')),
    last4,
    expMonth: Number(expiry[1]),
    expYear: Number(expiry[2]),
    country,
  };
}

export interface AdyenPaymentAnswer {
  pspReference: string;
  resultCode: string;
  refusalReason?: string;
  refusalReasonCode?: string;
  /** the redirect that authenticates the shopper (3-D Secure 2, redirect flow) */
  redirectUrl?: string;
  card: CardDetails | null;
}

interface Facts {
  amount: bigint;
  currency: string;
  reference: string;
}

/**
 * A payment's answer (`/payments`, `/payments/details`) as our lifecycle
 * reads it: Authorised is APPROVED; a shopper to redirect (3-D Secure) is
 * WAITING at the redirect; Received and Pending are WAITING for the webhook,
 * at our own return page; every other result is DECLINED with its code.
 */
export function authorizationOf(answer: AdyenPaymentAnswer, facts: Facts, waitingAt: string): CardAuthorization {
  const common = { paymentId: answer.pspReference, ...facts, card: answer.card };
  switch (answer.resultCode) {
    case 'Authorised':
      return { ...common, status: 'APPROVED', code: 'approved', challengeUrl: null };
    case 'RedirectShopper':
    case 'IdentifyShopper':
    case 'ChallengeShopper':
      if (!answer.redirectUrl) throw new Error(`Adyen asked for ${answer.resultCode} without a redirect to follow`);
      return { ...common, status: 'WAITING', code: null, challengeUrl: answer.redirectUrl };
    case 'Received':
    case 'Pending':
      return { ...common, status: 'WAITING', code: null, challengeUrl: waitingAt };
    case 'Refused':
      return {
        ...common,
        status: 'DECLINED',
        code: declineCodeOf(answer.refusalReasonCode, answer.refusalReason),
        challengeUrl: null,
      };
    case 'Cancelled':
      return { ...common, status: 'DECLINED', code: 'payment_was_not_authorised', challengeUrl: null };
    default:
      // Error, and anything a card payment should never answer (PartiallyAuthorised is not enabled)
      return { ...common, status: 'DECLINED', code: 'general_problem_with_payment_try_again', challengeUrl: null };
  }
}
