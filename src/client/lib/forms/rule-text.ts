import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { triesLeftIn } from '../../../domain/contract/one-time-codes.ts';
import { PHONE_MESSAGES } from '../../../domain/phone-messages.ts';
import {
  CITY_MESSAGE,
  OCCUPATION_MESSAGE,
  POSTCODE_MESSAGE,
  SSN_MESSAGE,
  SSN_NOT_ISSUED_MESSAGE,
  STREET_MESSAGE,
} from '../../../domain/remitter.ts';
import {
  BANK_ID_DIGITS_MESSAGE,
  BANK_ID_LENGTH_MESSAGE,
  BANK_ID_MAX_LENGTH,
  BANK_ID_MIN_LENGTH,
  EMAIL_MESSAGE,
  NAME_MAX_LENGTH,
  NAME_MESSAGE,
  NAME_TOO_LONG_MESSAGE,
  OTP_MESSAGE,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MESSAGE,
  PASSWORD_TOO_LONG_MESSAGE,
  SAME_PASSWORD_MESSAGE,
  UNDER_AGE_MESSAGE,
} from '../../../domain/rules.ts';

/** A message to show: ours, translated at render, or the server's own words when we have no translation. */
export type Text = MessageDescriptor | string;

export function showText(i18n: I18n, text: Text): string {
  return typeof text === 'string' ? text : i18n._(text);
}

/**
 * The English texts the domain rules and the auth API answer with, in the
 * customer's language (auth and onboarding forms share them). The API's texts are matched word for word: a text we
 * do not know is shown as the server wrote it (SPEC §8).
 */
const KNOWN_TEXTS: ReadonlyMap<string, MessageDescriptor> = new Map([
  ['The email field is required', msg`Enter your e-mail address`],
  [EMAIL_MESSAGE, msg`Enter a valid e-mail address, like name@example.com`],
  ['The password field is required', msg`Enter your password`],
  [PASSWORD_MESSAGE, msg`A number and letter, and at least 6 characters.`],
  [PASSWORD_TOO_LONG_MESSAGE, msg`The password must not be longer than ${PASSWORD_MAX_LENGTH} characters`],
  [OTP_MESSAGE, msg`Enter the 6-digit code we sent you`],
  [PHONE_MESSAGES.required, msg`Enter your mobile number`],
  [PHONE_MESSAGES.tooShort, msg`The mobile number is too short`],
  [PHONE_MESSAGES.tooLong, msg`The mobile number is too long`],
  [PHONE_MESSAGES.notANumber, msg`Enter the mobile number with digits only`],
  [PHONE_MESSAGES.wrongCountry, msg`Enter a mobile number with the country code of your country of residence`],
  [PHONE_MESSAGES.noCountryCode, msg`Start the mobile number with its country code, like +46`],
  [PHONE_MESSAGES.notMobile, msg`Enter a valid mobile number`],
  [
    'An account with this mobile number already exists. Sign in instead.',
    msg`An account with this mobile number already exists.`,
  ],
  [
    'Too many codes were sent to this number. Try again in an hour.',
    msg`Too many codes were sent to this number. Try again in an hour.`,
  ],
  [
    'Too many codes were sent to this number today. Try again tomorrow.',
    msg`Too many codes were sent to this number today. Try again tomorrow.`,
  ],
  ['Accept the terms and conditions to continue', msg`Accept the terms and conditions to continue`],
  ['Accept the privacy policy to continue', msg`Accept the privacy policy to continue`],
  ['Sarraf does not serve this country', msg`We do not serve this country yet`],
  ['The verification code is incorrect', msg`The verification code is incorrect`],
  [
    'The verification code has expired. Ask for a new code.',
    msg`The verification code has expired. Ask for a new code.`,
  ],
  ['Too many wrong codes. Ask for a new code.', msg`Too many wrong codes. Ask for a new code.`],
  ['An account with this e-mail already exists. Sign in instead.', msg`An account with this e-mail already exists.`],
  [
    'Too many codes were sent to this e-mail. Try again in an hour.',
    msg`Too many codes were sent to this e-mail. Try again in an hour.`,
  ],
  [
    'Too many codes were sent to this e-mail today. Try again tomorrow.',
    msg`Too many codes were sent to this e-mail today. Try again tomorrow.`,
  ],
  [SAME_PASSWORD_MESSAGE, msg`The new password must be different from the old one`],
  ['The old password is incorrect', msg`The current password is incorrect`],
  ['The old_password field is required', msg`Enter your current password`],
  ['Too many wrong passwords. Try again later.', msg`Too many wrong passwords. Try again later.`],
  [
    'Too many codes were tried for this e-mail. Try again in an hour.',
    msg`Too many codes were tried for this e-mail. Try again in an hour.`,
  ],
  ['Too many attempts from your network. Try again later.', msg`Too many attempts from your network. Try again later.`],
  [NAME_MESSAGE, msg`Use letters, spaces, hyphens and apostrophes only`],
  [NAME_TOO_LONG_MESSAGE, msg`The name must not be longer than ${NAME_MAX_LENGTH} characters`],
  ['Choose a country from the list', msg`Choose a country from the list`],
  ['Sarraf already serves this country: register instead', msg`We already serve this country: register instead`],
  [
    'We already have your request for this e-mail. Try again tomorrow.',
    msg`We already have your request for this e-mail. Try again tomorrow.`,
  ],
  ['The name field is required', msg`Enter your name`],
  [UNDER_AGE_MESSAGE, msg`Registration is not allowed if age is under 18 years old.`],
  ['The date must be in the format DD/MM/YYYY', msg`Enter the date as DD/MM/YYYY`],
  [OCCUPATION_MESSAGE, msg`The occupation must contain at least one letter`],
  [STREET_MESSAGE, msg`The street must contain at least one letter`],
  [CITY_MESSAGE, msg`The city must contain at least one letter`],
  [POSTCODE_MESSAGE, msg`Use letters, digits, spaces and hyphens only`],
  [SSN_MESSAGE, msg`The Social Security number has 9 digits`],
  [
    SSN_NOT_ISSUED_MESSAGE,
    msg`No Social Security number starts with 000, 666 or 9, or has 00 or 0000 as its middle or last digits. Check the number.`,
  ],
  [BANK_ID_LENGTH_MESSAGE, msg`The personal identity number has ${BANK_ID_MIN_LENGTH} to ${BANK_ID_MAX_LENGTH} digits`],
  [BANK_ID_DIGITS_MESSAGE, msg`Use digits only`],
  [
    'Too many codes were tried for this number. Try again in an hour.',
    msg`Too many codes were tried for this number. Try again in an hour.`,
  ],
  ['Bank ID is not available in this country', msg`Bank ID is not available in this country`],
  ['You cancelled the identification with bank ID.', msg`You cancelled the identification with bank ID.`],
  [
    'Bank ID could not identify you. Try again or choose another way to continue.',
    msg`Bank ID could not identify you. Try again or choose another way to continue.`,
  ],
  [
    'Bank ID has not identified you yet. Finish in your bank ID app, then try again.',
    msg`Bank ID has not identified you yet. Finish in your bank ID app, then try again.`,
  ],
  [
    'An account with this bank ID already exists. Sign in with bank ID instead.',
    msg`An account with this bank ID already exists. Sign in with bank ID instead.`,
  ],
  [
    'No account uses this bank ID. Register with bank ID instead.',
    msg`No account uses this bank ID. Register with bank ID instead.`,
  ],
  [
    'Too many bank-ID attempts for this identification. Start again.',
    msg`Too many bank-ID attempts for this identification. Start again.`,
  ],
  ['This bank-ID identification has ended; start again', msg`This bank-ID identification has ended. Start again.`],
]);

const DATE_RANGE = /^The date must be between (\d{2}\/\d{2}\/\d{4}) and (\d{2}\/\d{2}\/\d{4})$/;

/** The text to show for a rule's or the API's English message. */
export function textFor(message: string): Text {
  const triesLeft = triesLeftIn(message);
  if (triesLeft !== null)
    return msg`The verification code is incorrect. ${plural(triesLeft, { one: '# try left.', other: '# tries left.' })}`;
  const range = DATE_RANGE.exec(message);
  if (range) {
    const [, from = '', to = ''] = range;
    return msg`The date must be between ${from} and ${to}`;
  }
  return KNOWN_TEXTS.get(message) ?? message;
}
