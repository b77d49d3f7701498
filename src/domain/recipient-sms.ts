import type { Locale } from './locales.ts';

/**
 * The recipient in the loop: a customer may have a recipient told by SMS
 * when the money is ready to collect or deposited, on the recipient's mobile
 * number, the form's first phone field.
 */

/** The recipient's mobile number on a form: the first phone field with a value, or undefined. */
export function recipientMobile(
  fields: readonly { name: string; type: string }[],
  values: Readonly<Record<string, string>>,
): string | undefined {
  for (const field of fields) {
    const value = values[field.name]?.trim();
    if (field.type === 'international_phone' && value) return value;
  }
  return undefined;
}

/**
 * The language of the recipient's SMS. We keep no language for a recipient,
 * so it goes by where they are: Somali in Somalia, English everywhere else.
 */
export function recipientSmsLocale(destinationCountry: string): Locale {
  return destinationCountry === 'SO' ? 'so' : 'en-GB';
}
