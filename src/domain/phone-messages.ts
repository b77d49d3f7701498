/**
 * What the mobile-number rule (phone.ts) says of a number, apart from the rule itself, so a screen can word
 * the messages without loading libphonenumber-js's metadata.
 */
export const PHONE_MESSAGES = {
  required: 'The mobile field is required',
  tooShort: 'The mobile number is too short',
  tooLong: 'The mobile number is too long',
  notANumber: 'The mobile number is not a number',
  wrongCountry: 'The mobile number must have the country code of your country of residence',
  noCountryCode: 'Start the mobile number with its country code, like +46',
  notMobile: 'The mobile number is not a valid mobile number',
} as const;

export type PhoneProblem = keyof typeof PHONE_MESSAGES;
