import { optional, size, string } from './structs.ts';

/**
 * A mobile-money recipient's number typed again (SPEC §9 confirm-mobile, on unless
 * MOBILE_PAYOUT_CONFIRM_MOBILE=false): needed when the number is new or changed, and it must be the same number
 * (400 ValidationFailed on `mobile_confirmation` otherwise).
 */
export const MobileConfirmation = optional(size(string(), 1, 256));
