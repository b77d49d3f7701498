import { ACCEPTED_CARD_BRANDS, type CardBrand, type DeclineCode, isDeclineCode } from '../../../domain/payments.ts';

/** How the sandbox gateway treats a card, decided from its number when it is tokenized. */
export type SandboxBehaviour = 'approve' | 'challenge' | DeclineCode;

/**
 * The documented test cards (DESIGN §4; listed in the README). Any expiry in
 * the future and any security code work with each.
 */
export const SANDBOX_TEST_CARDS: Readonly<Record<string, SandboxBehaviour>> = {
  '4242424242424242': 'approve',
  '5555555555554444': 'approve',
  '4000000000003220': 'challenge',
  '4000000000000002': 'payment_was_declined_by_bank',
  '4000000000009995': 'insufficient_funds',
  '378282246310005': 'we_do_not_accept_this_card_type',
};

/** A test card behaves as listed; any other Visa or Mastercard approves; other schemes are not accepted. */
export function sandboxBehaviour(digits: string, brand: CardBrand): SandboxBehaviour {
  const listed = SANDBOX_TEST_CARDS[digits];
  if (listed) return listed;
  return ACCEPTED_CARD_BRANDS.includes(brand) ? 'approve' : 'we_do_not_accept_this_card_type';
}

/** A behaviour read back from storage, checked. */
export function storedBehaviour(value: string): SandboxBehaviour {
  if (value === 'approve' || value === 'challenge' || isDeclineCode(value)) return value;
  throw new Error(`unknown sandbox card behaviour: ${value}`);
}

/** Where the sandbox's cards are issued unless their number says otherwise. */
const HOME_ISSUER_COUNTRY = 'GB';

/** ISO 3166-1 numeric codes of the countries customers send from and cards are paid out in, for the country test cards. */
const ISSUER_COUNTRIES_BY_NUMBER: Readonly<Record<string, string>> = {
  '056': 'BE',
  '124': 'CA',
  '191': 'HR',
  '208': 'DK',
  '250': 'FR',
  '380': 'IT',
  '404': 'KE',
  '578': 'NO',
  '608': 'PH',
  '616': 'PL',
  '752': 'SE',
  '756': 'CH',
  '826': 'GB',
  '840': 'US',
  '076': 'BR',
};

/**
 * The country of a sandbox card's issuing bank: a Visa numbered
 * 4000 0NNN 0000 000x is issued in the country whose ISO numeric code is NNN
 * (4000 0752 0000 0002 in Sweden, 4000 0840 0000 0006 in the United States,
 * 4000 0076 0000 0001 in Brazil, where no customer sends from); every other
 * card in the United Kingdom.
 */
export function sandboxIssuerCountry(digits: string): string {
  const numeric = /^40000(\d{3})0{7}\d$/.exec(digits)?.[1];
  return (numeric && ISSUER_COUNTRIES_BY_NUMBER[numeric]) || HOME_ISSUER_COUNTRY;
}
