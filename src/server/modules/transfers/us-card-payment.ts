import { timingSafeEqual } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { PayRequest } from '../../../domain/contract/transfers.ts';
import {
  BILLING_ADDRESS_MISMATCH,
  BILLING_ADDRESS_REQUIRED,
  type BillingAddress,
  billingAddressMatches,
  SSN_CONFIRMATION_NEEDED,
  SSN_LAST4_NOT_TAKEN,
  SSN_LAST4_WRONG,
  SSN_NOT_ON_RECORD,
  STATE_MESSAGE,
  STATE_NOT_TAKEN,
  ZIP_MESSAGE,
  zipRule,
} from '../../../domain/us-card-payment.ts';
import { giveBack, takeHits } from '../../abuse-limits/counters.ts';
import { ABUSE_LIMITS } from '../../abuse-limits/limits.ts';
import type { Database } from '../../db/schema.ts';
import type { TransferRow } from '../../db/tables/transfers.ts';
import { ApiError } from '../../http/api-error.ts';
import type { AppDeps } from '../../http/app-env.ts';
import { addressOf } from '../remitter/remitter-view.ts';
import { findRemitter } from '../remitter/remitters.ts';

/**
 * What a card payment needs besides the card (SPEC §5: the card's billing
 * address matches the registered address; SPEC §2 payment: US billing address
 * and the SSN last-4 modal). Every refusal comes before anything is written
 * and before the gateway is asked; only a wrong SSN try counts, against
 * `ssn-tries-per-customer`.
 */
export interface UsCardPayment {
  /** the billing address to give the gateway; null when a sender from elsewhere gave none */
  billingAddress: BillingAddress | null;
  /** the customer confirmed their SSN digits with this payment: recorded with its attempt */
  ssnConfirmed: boolean;
}

const NOT_FROM_US: UsCardPayment = { billingAddress: null, ssnConfirmed: false };

const sameDigits = (a: string, b: string): boolean =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * The checks of a card payment of `transfer`: a sender from the United States
 * gives their home address as the card's billing address every time, with its
 * state and ZIP code (400 without it, 400 InvalidInformation when it is
 * another), and the last four digits of their SSN until they have confirmed
 * them once (400 SSNNotDefined on `ssn_last4` without them, 400
 * InvalidInformation when wrong, 429 AttemptLimit past the limit; SSNNotDefined
 * without a property path when we hold no SSN, which only support can mend).
 * Anyone else may give the billing address, without a state (the pay step
 * does; a schedule's run does not): when given it must be their home address
 * too, and it goes to the gateway with their country; never SSN digits (400).
 */
export async function checkUsCardPayment(
  deps: AppDeps,
  customerId: string,
  transfer: TransferRow,
  request: PayRequest,
): Promise<UsCardPayment> {
  const billing = request.billing_address;
  if (transfer.send_country !== 'US') {
    if (request.ssn_last4 !== undefined) throw new ApiError('ValidationFailed', SSN_LAST4_NOT_TAKEN, 'ssn_last4');
    if (billing === undefined) return NOT_FROM_US;
    if (billing.state !== undefined) throw new ApiError('ValidationFailed', STATE_NOT_TAKEN, 'billing_address.state');
    const remitter = await findRemitter(deps.db, customerId);
    if (!billingAddressMatches(addressOf(remitter), billing, false)) {
      throw new ApiError('InvalidInformation', BILLING_ADDRESS_MISMATCH, 'billing_address');
    }
    return { billingAddress: { ...billing, country: transfer.send_country }, ssnConfirmed: false };
  }
  if (billing === undefined) throw new ApiError('ValidationFailed', BILLING_ADDRESS_REQUIRED, 'billing_address');
  if (billing.state === undefined) throw new ApiError('ValidationFailed', STATE_MESSAGE, 'billing_address.state');
  if (zipRule(billing.zip) !== true) throw new ApiError('ValidationFailed', ZIP_MESSAGE, 'billing_address.zip');
  const remitter = await findRemitter(deps.db, customerId);
  if (!billingAddressMatches(addressOf(remitter), billing, true)) {
    throw new ApiError('InvalidInformation', BILLING_ADDRESS_MISMATCH, 'billing_address');
  }
  if (!remitter?.ssn_last4) throw new ApiError('SSNNotDefined', SSN_NOT_ON_RECORD);
  const confirmedBefore = remitter.ssn_confirmed_at !== null;
  const given = request.ssn_last4;
  if (given === undefined) {
    if (confirmedBefore) return { billingAddress: billing, ssnConfirmed: false };
    throw new ApiError('SSNNotDefined', SSN_CONFIRMATION_NEEDED, 'ssn_last4');
  }
  // digits given are always checked, and a wrong try always counts, confirmed before or not
  const hits = await takeHits(deps.db, deps.clock.now(), [[ABUSE_LIMITS.ssnTriesPerCustomer, customerId]]);
  if (!sameDigits(given, remitter.ssn_last4)) throw new ApiError('InvalidInformation', SSN_LAST4_WRONG, 'ssn_last4');
  await giveBack(deps.db, hits);
  return { billingAddress: billing, ssnConfirmed: !confirmedBefore };
}

/** Record the confirmation in the transaction that starts the payment's attempt. */
export async function recordSsnConfirmation(trx: Transaction<Database>, customerId: string, at: Date): Promise<void> {
  await trx
    .updateTable('remitters')
    .set({ ssn_confirmed_at: at })
    .where('customer_id', '=', customerId)
    .where('ssn_confirmed_at', 'is', null)
    .execute();
}
