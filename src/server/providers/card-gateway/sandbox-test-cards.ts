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
