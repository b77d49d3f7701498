import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { BeneficiaryMessageKey, MessageParams } from '../../../domain/beneficiary-messages.ts';
import { countryInText } from '../../lib/country-in-text.ts';

type Params = MessageParams;

/** Each recipient-rule message of the domain (beneficiary-messages.ts), in the customer's language. */
const MESSAGES: Readonly<Record<BeneficiaryMessageKey, (p: Params) => MessageDescriptor>> = {
  required: () => msg`This field is required`,
  not_allowed: () => msg`This field is not part of the recipient form`,
  too_short: ({ min = '' }) => msg`Use at least ${min} characters`,
  too_long: ({ max = '' }) => msg`Use at most ${max} characters`,
  format_invalid: () => msg`The format is invalid`,
  name_characters: () => msg`Use letters, spaces, hyphens and apostrophes only`,
  letter_or_digit: () => msg`Enter at least one letter or digit`,
  letter: () => msg`Enter at least one letter`,
  generic_string: () => msg`Use letters, digits, spaces, hyphens and apostrophes only`,
  generic_number: () => msg`Use digits and spaces only`,
  date_format: () => msg`Enter the date as YYYY-MM-DD`,
  date_expired: () => msg`This date has passed`,
  birthday_range: ({ min = '', max = '' }) => msg`Enter a date of birth between ${min} and ${max}`,
  iban_invalid: () => msg`Enter a valid IBAN`,
  iban_country: ({ country = '' }) => msg`Enter the IBAN of an account in ${country}`,
  ifsc_invalid: () => msg`Enter an 11-character IFSC such as SBIN0001234`,
  ifsc_bank: () => msg`This IFSC is not one of the chosen bank's branches`,
  phone_invalid: () => msg`Enter a valid mobile number`,
  phone_country: ({ country = '' }) => msg`Enter a mobile number in ${country}`,
  wallet_number: () => msg`Enter a 10-digit number or an e-mail address`,
  wallet_country_code: () => msg`Enter the number without the country code`,
  provider_prefix: ({ prefixes = '' }) => msg`This provider accepts only numbers starting ${prefixes}`,
  choice: () => msg`Choose one of the options`,
  country: () => msg`Choose a country`,
  card_unknown: () => msg`Enter the card again: its details have run out`,
  card_brand: () => msg`We pay out only to Visa and Mastercard cards`,
  card_country: ({ country = '' }) => msg`Enter a card issued in ${country}`,
  card_expired: () => msg`This card has expired`,
  card_name: () => msg`The card must be in the recipient's name. Check the names against the card.`,
};

const ISO_COUNTRY = /^[A-Z]{2}$/;

/** A rule's message with its values; a `country` given as an ISO code reads as the country's name. */
export function fieldMessage(i18n: I18n, key: BeneficiaryMessageKey, params: Params = {}): string {
  const code = params.country === undefined ? undefined : String(params.country);
  const country = code && ISO_COUNTRY.test(code) ? countryInText(i18n.locale, code) : code;
  return i18n._(MESSAGES[key](country === undefined ? params : { ...params, country }));
}
