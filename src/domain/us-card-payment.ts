import type { Address } from './contract/address.ts';
import { USA_STATES } from './countries.ts';
import type { RuleResult } from './rules.ts';

/**
 * What a card payment needs besides the card (SPEC §5: the card must have a
 * billing address matching the registered address; SPEC §2 payment: "US
 * billing address", the SSN last-4 modal): the rules and the texts the server
 * answers with, shared by the pay step and the server. From the United States
 * the billing address is asked for every payment, with its state; from
 * anywhere else it is checked when given.
 */

/** A card's billing address, as a payment gives it. */
export interface BillingAddress {
  street: string;
  city: string;
  /** USPS code of a state or the District of Columbia: in the United States only */
  state?: string;
  /** the postcode: in the United States 5 digits, or ZIP+4 (12345-6789) */
  zip: string;
  /** ISO code of the address's country, as the server tells the gateway; left out for the United States */
  country?: string;
}

export const ZIP_MESSAGE = 'The ZIP code must be 5 digits, or ZIP+4 like 12345-6789';
export const POSTCODE_MESSAGE = 'Enter the postcode: letters, digits, spaces and hyphens, at most 10';
export const STATE_MESSAGE = 'Choose a US state';
export const SSN_LAST4_MESSAGE = 'Enter the last 4 digits of your Social Security number';

/** A sender from another country gives no SSN digits and no state: they would be taken for something we check. */
export const STATE_NOT_TAKEN = 'A billing address has a state only in the United States';
export const SSN_LAST4_NOT_TAKEN = 'ssn_last4 is only taken for payments from the United States';
export const BILLING_ADDRESS_REQUIRED = "A card payment from the United States needs the card's billing address";
export const BILLING_ADDRESS_MISMATCH =
  "Your card's billing address must be your home address, as you registered it with us. Use a card whose bank has your home address.";
/** The customer has not confirmed the last four digits of their SSN yet: the pay step asks for them. */
export const SSN_CONFIRMATION_NEEDED = 'Confirm the last 4 digits of your Social Security number to pay by card';
/** We hold no SSN for them at all (onboarding should have asked): only support can help. */
export const SSN_NOT_ON_RECORD =
  'We do not have your Social Security number on record, so you cannot pay by card yet. Contact customer support.';
export const SSN_LAST4_WRONG = 'These are not the last 4 digits of the Social Security number you gave us';
export const SSN_TRIES_EXCEEDED =
  'Too many wrong tries of your Social Security number. Try again tomorrow, or contact customer support.';

const ZIP = /^\d{5}(-\d{4})?$/;
const POSTCODE = /^[\p{L}\p{N}][\p{L}\p{N} -]{0,9}$/u;
const LAST4 = /^\d{4}$/;
const STATE_CODES: ReadonlySet<string> = new Set(USA_STATES.map((state) => state.code));

export function zipRule(value: string): RuleResult {
  return ZIP.test(value) || ZIP_MESSAGE;
}

/** A postcode of any country, as typed (the United States' is checked by `zipRule` besides). */
export function postcodeRule(value: string): RuleResult {
  return POSTCODE.test(value) || POSTCODE_MESSAGE;
}

export function usaStateRule(value: string): RuleResult {
  return STATE_CODES.has(value) || STATE_MESSAGE;
}

export function ssnLast4Rule(value: string): RuleResult {
  return LAST4.test(value) || SSN_LAST4_MESSAGE;
}

/** Letter case and every space ignored: "1500  marilla street" is "1500 Marilla Street". */
const loosely = (value: string): string => value.normalize('NFKC').replace(/\s+/gu, '').toLowerCase();

/** The first five digits of a US ZIP code (ZIP+4 included); undefined for anything else. */
const zip5 = (value: string): string | undefined => /^(\d{5})(?:-?\d{4})?$/.exec(value.trim())?.[1];

/**
 * Whether a card's billing address is the customer's registered home address:
 * street and city alike but for letter case and spaces; in the United States
 * the same state code and the same 5-digit ZIP (a ZIP+4 on either side counts
 * by its first five), elsewhere the same postcode but for case and spaces.
 */
export function billingAddressMatches(home: Address | null, billing: BillingAddress, fromUs: boolean): boolean {
  if (!home) return false;
  if (loosely(home.street) !== loosely(billing.street) || loosely(home.city) !== loosely(billing.city)) return false;
  if (!fromUs) return loosely(home.postcode) === loosely(billing.zip);
  const homeZip = zip5(home.postcode);
  return home.province === billing.state && homeZip !== undefined && homeZip === zip5(billing.zip);
}
