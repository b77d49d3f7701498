import { ACCEPTED_CARD_BRANDS, cardBrand, cardDigits, isCardExpired, isCardNumber } from '../../../domain/payments.ts';

/** A card number as typed, in the groups printed on the card: 4-6-5 for American Express, fours otherwise. */
export function formatCardNumber(typed: string): string {
  const digits = typed.replace(/\D/g, '').slice(0, 19);
  const groups = cardBrand(digits) === 'amex' ? [4, 6, 5] : [4, 4, 4, 4, 3];
  const parts: string[] = [];
  let at = 0;
  for (const size of groups) {
    if (at >= digits.length) break;
    parts.push(digits.slice(at, at + size));
    at += size;
  }
  return parts.join(' ');
}

/** An expiry as typed, kept to MM/YY: the slash comes by itself. */
export function formatExpiry(typed: string, previous: string): string {
  const digits = typed.replace(/\D/g, '').slice(0, 4);
  // deleting the slash deletes the month's last digit too
  if (previous.endsWith('/') && typed.length < previous.length) return digits.slice(0, 1);
  if (digits.length < 2) return digits;
  if (digits.length === 2) return typed.length > previous.length ? `${digits}/` : digits;
  return `${digits.slice(0, 2)}/${digits.slice(2)}`;
}

export interface CardInput {
  name: string;
  number: string;
  expiry: string;
  cvc: string;
}

export type CardField = keyof CardInput;

export type CardProblem =
  | 'name_required'
  | 'number_required'
  | 'number_invalid'
  | 'brand_not_accepted'
  | 'expiry_invalid'
  | 'expired'
  | 'cvc_invalid';

export type CheckedCard =
  | { ok: true; card: { name: string; number: string; exp_month: number; exp_year: number; cvc: string } }
  | { ok: false; problems: Partial<Record<CardField, CardProblem>> };

/**
 * The card form checked before anything leaves the browser (SPEC §5): a
 * name, a number with a valid check digit, Visa or Mastercard only, an
 * expiry month that has not passed, a 3 or 4 digit security code.
 */
export function checkCard(input: CardInput, now: Date): CheckedCard {
  const problems: Partial<Record<CardField, CardProblem>> = {};
  const name = input.name.trim();
  if (name === '') problems.name = 'name_required';

  const { number, month, year, problems: numberProblems } = checkNumberAndExpiry(input, now);
  Object.assign(problems, numberProblems);

  const cvc = input.cvc.trim();
  if (!/^\d{3,4}$/.test(cvc)) problems.cvc = 'cvc_invalid';

  if (Object.keys(problems).length > 0) return { ok: false, problems };
  return { ok: true, card: { name, number, exp_month: month, exp_year: year, cvc } };
}

/**
 * A card's number and expiry as typed, checked (a valid check digit, Visa or
 * Mastercard, a month that has not passed): all a card needs to receive money.
 */
export function checkNumberAndExpiry(
  input: Pick<CardInput, 'number' | 'expiry'>,
  now: Date,
): { number: string; month: number; year: number; problems: Partial<Record<'number' | 'expiry', CardProblem>> } {
  const problems: Partial<Record<'number' | 'expiry', CardProblem>> = {};
  const number = cardDigits(input.number);
  if (number === '') problems.number = 'number_required';
  else if (!isCardNumber(number)) problems.number = 'number_invalid';
  else if (!ACCEPTED_CARD_BRANDS.includes(cardBrand(number))) problems.number = 'brand_not_accepted';

  const expiry = /^(\d{2})\s*\/\s*(\d{2})$/.exec(input.expiry.trim());
  const month = Number(expiry?.[1]);
  const year = 2000 + Number(expiry?.[2]);
  if (!expiry || month < 1 || month > 12) problems.expiry = 'expiry_invalid';
  else if (isCardExpired(month, year, now)) problems.expiry = 'expired';
  return { number, month, year, problems };
}
