import {
  type CountryCode,
  getCountryCallingCode,
  isSupportedCountry,
  parsePhoneNumberFromString,
  validatePhoneNumberLength,
} from 'libphonenumber-js/mobile';
import { PHONE_MESSAGES, type PhoneProblem } from './phone-messages.ts';

/**
 * SPEC §5 mobile_phone / form_mobile: a mobile number of the customer's
 * country of residence, typed with or without its country code. Checked with
 * libphonenumber-js's mobile metadata (docs/decisions.md), which is large:
 * only the screens and calls that take a phone number import this module.
 */

/** What a typed phone number may hold besides digits: a leading +, spaces, dots, dashes and brackets. */
const PHONE_CHARACTERS = /^\+?[\d\s().-]+$/;

/**
 * The number in E.164 ("+46701234567"), or why it is not a mobile number
 * of `country` (ISO alpha-2). A number without a country code is read as
 * one of `country`. Without `country`, any country's mobile number with its
 * country code.
 */
export function parseMobile(typed: string, country: string | undefined): { e164: string } | { problem: PhoneProblem } {
  const value = typed.trim();
  if (value === '') return { problem: 'required' };
  if (!PHONE_CHARACTERS.test(value) || !/\d/.test(value)) return { problem: 'notANumber' };
  if (country === undefined && !value.startsWith('+')) return { problem: 'noCountryCode' };
  if (country !== undefined && !isSupportedCountry(country)) return { problem: 'notANumber' };
  const region = country as CountryCode | undefined;
  switch (validatePhoneNumberLength(value, region)) {
    case 'TOO_SHORT':
      return { problem: 'tooShort' };
    case 'TOO_LONG':
      return { problem: 'tooLong' };
    case 'NOT_A_NUMBER':
    case 'INVALID_COUNTRY':
      return { problem: 'notANumber' };
  }
  const number = parsePhoneNumberFromString(value, region);
  if (!number) return { problem: 'notANumber' };
  if (region && number.countryCallingCode !== getCountryCallingCode(region)) return { problem: 'wrongCountry' };
  if (!number.isValid()) return { problem: 'notMobile' };
  return { e164: number.number };
}

/** The rule as the contract and the forms use it: true, or the message of the problem. */
export function mobileRule(typed: string, country: string | undefined): true | string {
  const parsed = parseMobile(typed, country);
  return 'e164' in parsed ? true : PHONE_MESSAGES[parsed.problem];
}

/** A number shown masked except its last four characters (SPEC §9): "•••••••4567". */
export function maskMobile(e164: string): string {
  return '•'.repeat(Math.max(e164.length - 4, 0)) + e164.slice(-4);
}

/** The E.164 form of a number `mobileRule` has already accepted for `country`. */
export function toE164(typed: string, country: string | undefined): string {
  const parsed = parseMobile(typed, country);
  if ('problem' in parsed) throw new Error(`not a mobile number of ${country ?? 'any country'}: ${parsed.problem}`);
  return parsed.e164;
}
