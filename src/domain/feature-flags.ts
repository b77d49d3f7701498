import type { PayoutType } from './payout-types.ts';

/**
 * SPEC §9's configuration flags, typed: what an operator may switch, and
 * what the product does by default. The server reads the operator's choices
 * (`src/server/config.ts`); the browser learns what it needs from the client
 * configuration answer. A flag typed as one literal has only the SPEC's value:
 * its other value names behaviour the product does not have, and the server
 * refuses it at start-up rather than pretend.
 */
export interface FeatureFlags {
  /** PROMO_CODES: promo codes are offered (quote field, the customer's list) and taken by quotes */
  promoCodes: boolean;
  /** GROUP_TRANSACTIONS: one payment for several transfers; not in the product */
  groupTransactions: false;
  /** USER_INFO_STEP: the onboarding asks the customer's name, birth date and address; the checks need them */
  userInfoStep: true;
  /** CUSTOM_FEE: a fee set per transfer by staff; not in the product */
  customFee: false;
  /** CUSTOMER_ID_REQUIRED: a customer id entered at sign-up; not in the product */
  customerIdRequired: false;
  /** DOCUMENT_CHECK_REQUIRED: an identity document from everyone before any transfer; the product asks by the ladder */
  documentCheckRequired: false;
  /** MOBILE_PAYOUT_CONFIRM_MOBILE: a mobile-money recipient's number is typed twice before it is saved */
  confirmMobile: boolean;
  /** MANUAL_DOCUMENT_UPLOAD: documents reviewed by staff instead of the identity provider; not in the product */
  manualDocumentUpload: false;
  /** QR_SCAN: a euro bank transfer can be paid by scanning its QR code */
  qrScan: boolean;
  /** CUSTOM_COOKIE_POPUP: the product's own cookie notice; the product has no other consent manager */
  customCookiePopup: true;
  /** CONFIRM_REVIEW_PAYOUT_TYPES: payout types whose recipient the customer reviews and confirms before paying */
  confirmReviewPayoutTypes: readonly PayoutType[];
  /** NEW_PAYOUT_METHOD_HINT_UNTIL: the new-payout-method card is shown before this day (UTC, YYYY-MM-DD) */
  newPayoutMethodHintUntil: string;
}

/** SPEC §9's values. */
export const DEFAULT_FEATURE_FLAGS: FeatureFlags = {
  promoCodes: true,
  groupTransactions: false,
  userInfoStep: true,
  customFee: false,
  customerIdRequired: false,
  documentCheckRequired: false,
  confirmMobile: true,
  manualDocumentUpload: false,
  qrScan: true,
  customCookiePopup: true,
  confirmReviewPayoutTypes: ['cash'],
  newPayoutMethodHintUntil: '2024-05-01',
};

/** Whether a recipient of this payout type is reviewed and confirmed before paying (SPEC §9 confirm-review). */
export function needsConfirmReview(flags: Pick<FeatureFlags, 'confirmReviewPayoutTypes'>, payoutType: PayoutType) {
  return flags.confirmReviewPayoutTypes.includes(payoutType);
}

/** Whether the new-payout-method card is still shown on `today` (YYYY-MM-DD, UTC): before its cutoff day. */
export function newPayoutMethodHintLive(until: string, today: string): boolean {
  return today < until;
}
