/**
 * What a recipient-form check can say about a field. The key is the message
 * id the client translates; the English text is the source of those
 * translations and the `message` the API sends with a 400.
 */
export const BENEFICIARY_MESSAGES = {
  required: 'This field is required',
  not_allowed: 'This field is not part of the recipient form',
  too_short: 'Use at least {min} characters',
  too_long: 'Use at most {max} characters',
  format_invalid: 'The format is invalid',
  name_characters: 'Use letters, spaces, hyphens and apostrophes only',
  letter_or_digit: 'Enter at least one letter or digit',
  letter: 'Enter at least one letter',
  generic_string: 'Use letters, digits, spaces, hyphens and apostrophes only',
  generic_number: 'Use digits and spaces only',
  date_format: 'Enter the date as YYYY-MM-DD',
  date_expired: 'This date has passed',
  birthday_range: 'Enter a date of birth between {min} and {max}',
  iban_invalid: 'Enter a valid IBAN',
  iban_country: 'Enter the IBAN of an account in {country}',
  ifsc_invalid: 'Enter an 11-character IFSC such as SBIN0001234',
  ifsc_bank: "This IFSC is not one of the chosen bank's branches",
  phone_invalid: 'Enter a valid mobile number',
  phone_country: 'Enter a mobile number in {country}',
  wallet_number: 'Enter a 10-digit number or an e-mail address',
  wallet_country_code: 'Enter the number without the country code',
  provider_prefix: 'This provider accepts only numbers starting {prefixes}',
  choice: 'Choose one of the options',
  country: 'Choose a country',
  card_unknown: 'Enter the card again: its details have run out',
  card_brand: 'We pay out only to Visa and Mastercard cards',
  card_country: 'Enter a card issued in {country}',
  card_expired: 'This card has expired',
  card_name: "The card must be in the recipient's name. Check the names against the card.",
} as const;

export type BeneficiaryMessageKey = keyof typeof BENEFICIARY_MESSAGES;

export type MessageParams = Readonly<Record<string, string | number>>;

const countryNames = new Intl.DisplayNames('en', { type: 'region' });

/**
 * The English text of a message with its `{placeholders}` filled; a
 * `country` parameter is an ISO code and reads as the country's name.
 */
export function beneficiaryMessage(key: BeneficiaryMessageKey, params: MessageParams = {}): string {
  return BENEFICIARY_MESSAGES[key].replace(/\{(\w+)\}/g, (placeholder, name: string) => {
    const value = params[name];
    if (value === undefined) return placeholder;
    return name === 'country' ? (countryNames.of(String(value)) ?? String(value)) : String(value);
  });
}
