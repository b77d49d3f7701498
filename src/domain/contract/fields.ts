import { isSourceCountry, SOURCE_COUNTRIES } from '../countries.ts';
import { isDecimalString } from '../money.ts';
import {
  BANK_ID_MAX_LENGTH,
  BANK_ID_MIN_LENGTH,
  bankIdRule,
  emailRule,
  OTP_LENGTH,
  otpCodeRule,
  passwordRule,
  personNameRule,
} from '../rules.ts';
import { isWorldCountry } from '../world-countries.ts';
import { trimmed, upperCased } from './from-string.ts';
import { refine, string } from './structs.ts';

/**
 * Field structs several contracts share. Each checks with the SPEC §5 rule
 * of `rules.ts`, so a failure carries the rule's message.
 */

/** An e-mail address; surrounding spaces are dropped. */
export const Email = trimmed(refine(string(), 'email', emailRule, { description: 'an e-mail address' }));

/** A new password: at least 6 characters with a letter and a number. */
export const NewPassword = refine(string(), 'password', passwordRule, {
  description: 'at least 6 characters, with a letter and a number',
});

/** A six-digit one-time code; surrounding spaces are dropped. */
export const OtpCode = trimmed(refine(string(), 'otp_code', otpCodeRule, { pattern: `^\\d{${OTP_LENGTH}}$` }));

/** A personal identity number for bank ID: 10 to 12 digits; surrounding spaces are dropped. */
export const BankIdNumber = trimmed(
  refine(string(), 'bank_id', bankIdRule, {
    pattern: `^\\d{${BANK_ID_MIN_LENGTH},${BANK_ID_MAX_LENGTH}}$`,
  }),
);

/** An agent's code as their sign-up link carries it (`/sign-up?params=`); any letter case. */
export const AgentCode = upperCased(
  refine(string(), 'agent_code', (value) => /^[A-Z0-9-]{4,32}$/.test(value) || 'This is not an agent code', {
    pattern: '^[A-Z0-9-]{4,32}$',
  }),
);

/** An ISO 3166-1 alpha-2 code of a country Sarraf serves; any letter case. */
export const SourceCountryCode = upperCased(
  refine(string(), 'source_country', (value) => isSourceCountry(value) || 'Sarraf does not serve this country', {
    enum: SOURCE_COUNTRIES.map(({ iso2 }) => iso2),
  }),
);

/** A person's name as typed; surrounding spaces are dropped. */
export const PersonName = trimmed(refine(string(), 'person_name', personNameRule, { description: "a person's name" }));

/** An ISO 3166-1 alpha-2 code of any country (world-countries.ts); any letter case. */
export const WorldCountryCode = upperCased(
  refine(string(), 'country', (value) => isWorldCountry(value) || 'Choose a country from the list', {
    description: 'an ISO 3166-1 alpha-2 country code',
  }),
);

/** A money amount as a decimal string ("12.50"). */
export const DecimalString = refine(
  string(),
  'decimal',
  (value) => isDecimalString(value) || 'The amount must be a decimal number',
  { description: 'a decimal number, such as 12.50' },
);

/** Signed quote ids are a few hundred characters (the quote itself, signed); 1,024 leaves room, not abuse. */
const QUOTE_ID_MAX_LENGTH = 1024;

/** A quote id as the customer sends it back: the one save-quote gave, untouched. */
export const QuoteId = refine(
  string(),
  'quote_id',
  (value) =>
    (value.length > 0 && value.length <= QUOTE_ID_MAX_LENGTH && /^[\w.-]+$/.test(value)) ||
    'The quote_id field is invalid',
  { minLength: 1, maxLength: QUOTE_ID_MAX_LENGTH, pattern: '^[\\w.-]+$' },
);
