import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Address } from '../../../domain/contract/address.ts';
import { cityRule, streetRule } from '../../../domain/remitter.ts';
import {
  BILLING_ADDRESS_MISMATCH,
  BILLING_ADDRESS_REQUIRED,
  type BillingAddress,
  POSTCODE_MESSAGE,
  postcodeRule,
  SSN_CONFIRMATION_NEEDED,
  SSN_LAST4_MESSAGE,
  SSN_LAST4_WRONG,
  SSN_NOT_ON_RECORD,
  SSN_TRIES_EXCEEDED,
  STATE_MESSAGE,
  ssnLast4Rule,
  usaStateRule,
  ZIP_MESSAGE,
  zipRule,
} from '../../../domain/us-card-payment.ts';
import { type ApiFailure, fieldErrorPath } from '../../lib/api/api-failure.ts';
import { type Text, textFor } from '../../lib/forms/rule-text.ts';

/**
 * The pay step's part of a card payment's billing address (every sender's,
 * with a state from the United States) and of the SSN digits asked from the
 * United States: the address as the customer fills it in, its checks, and the
 * texts the server's answers about them are shown in.
 */

export const BILLING_FIELDS = ['street', 'city', 'state', 'zip'] as const;
export type BillingField = (typeof BILLING_FIELDS)[number];

/** The errors of the billing address: per field, and `address` for the address as a whole. */
export type BillingErrors = Partial<Record<BillingField | 'address', Text>>;

/** The customer's registered home address, as the billing address the form starts from (a state in the US only). */
export function billingFromHome(home: Address | null, fromUs: boolean): BillingAddress {
  const address = home ?? { street: '', city: '', postcode: '', province: null };
  const state = fromUs ? { state: address.province ?? '' } : {};
  return { street: address.street, city: address.city, ...state, zip: address.postcode };
}

const KNOWN: ReadonlyMap<string, MessageDescriptor> = new Map([
  [ZIP_MESSAGE, msg`Enter the ZIP code as 5 digits, or ZIP+4 like 12345-6789`],
  [POSTCODE_MESSAGE, msg`Enter the postcode: letters, digits, spaces and hyphens, at most 10`],
  [STATE_MESSAGE, msg`Choose your state`],
  [BILLING_ADDRESS_REQUIRED, msg`Enter your card's billing address`],
  [
    BILLING_ADDRESS_MISMATCH,
    msg`Your card's billing address must be your home address, as you registered it with us. Use a card whose bank has your home address.`,
  ],
  [SSN_LAST4_MESSAGE, msg`Enter the last 4 digits of your Social Security number`],
  [SSN_CONFIRMATION_NEEDED, msg`Confirm the last 4 digits of your Social Security number to pay by card`],
  [SSN_LAST4_WRONG, msg`These are not the last 4 digits of the Social Security number you gave us`],
  [
    SSN_TRIES_EXCEEDED,
    msg`Too many wrong tries of your Social Security number. Try again tomorrow, or contact customer support.`,
  ],
  [
    SSN_NOT_ON_RECORD,
    msg`We do not have your Social Security number on record, so you cannot pay by card yet. Contact customer support.`,
  ],
]);

/** The text to show for a rule's or the server's English message about the billing address or the SSN. */
export function usCardText(message: string): Text {
  return KNOWN.get(message) ?? textFor(message);
}

/** The billing address as it is sent: every part without surrounding spaces, the state only where there is one. */
export function trimmedBilling(input: BillingAddress): BillingAddress {
  return {
    street: input.street.trim(),
    city: input.city.trim(),
    ...(input.state === undefined ? {} : { state: input.state }),
    zip: input.zip.trim(),
  };
}

/** What is wrong with the billing address before it is sent (a US one: its state and ZIP); empty when nothing is. */
export function checkBilling(input: BillingAddress, fromUs: boolean): BillingErrors {
  const address = trimmedBilling(input);
  const rules: Record<BillingField, (value: string) => true | string> = {
    street: streetRule,
    city: cityRule,
    state: fromUs ? usaStateRule : () => true,
    zip: fromUs ? zipRule : postcodeRule,
  };
  const errors: BillingErrors = {};
  for (const field of BILLING_FIELDS) {
    const verdict = rules[field](address[field] ?? '');
    if (verdict !== true) errors[field] = usCardText(verdict);
  }
  return errors;
}

/** The server's refusal of the billing address, on the field its property path names or on the whole address. */
export function billingErrorsOf(failure: ApiFailure): BillingErrors | null {
  const errors: BillingErrors = {};
  for (const item of failure.errors) {
    const path = item.propertyPath === null ? '' : fieldErrorPath(item.propertyPath);
    if (path !== 'billing_address' && !path.startsWith('billing_address.')) continue;
    const field = BILLING_FIELDS.find((name) => path === `billing_address.${name}`) ?? 'address';
    errors[field] ??= usCardText(item.message);
  }
  return Object.keys(errors).length > 0 ? errors : null;
}

/** What is wrong with the SSN digits typed, or undefined. */
export function checkSsnLast4(value: string): Text | undefined {
  const verdict = ssnLast4Rule(value.trim());
  return verdict === true ? undefined : usCardText(verdict);
}
