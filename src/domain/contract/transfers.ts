import { changeCalls } from './transfers/changes.ts';
import { creationCalls } from './transfers/creation.ts';
import { disputeCalls } from './transfers/disputes.ts';
import { paymentCalls } from './transfers/payment.ts';
import { trackingCalls } from './transfers/tracking.ts';

/**
 * Transfers (SPEC §7 "Rates, recipients, transactions"). Every call needs a
 * session; calls that move money (create, pay) also need an Idempotency-Key
 * header of 8 to 128 visible ASCII characters (a UUID is right): the same key
 * with the same body answers with the first result, never a second transfer
 * or charge.
 */

export * from './transfers/changes.ts';
export * from './transfers/creation.ts';
export * from './transfers/disputes.ts';
export * from './transfers/payment.ts';
export * from './transfers/tracking.ts';
export * from './transfers/transfer.ts';

/** The transfers area of the main API (SPEC §7 "Rates, recipients, transactions"). */
export const transfersApi = {
  ...creationCalls,
  ...paymentCalls,
  ...trackingCalls,
  ...changeCalls,
  ...disputeCalls,
} as const;
