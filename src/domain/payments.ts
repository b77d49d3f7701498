/**
 * Card payments as both sides see them: the outcome codes a payment ends
 * with (SPEC §8, the client maps each to its message) and the card rules
 * checked before a card ever reaches a gateway (SPEC §5).
 */
export const PAYMENT_CODES = [
  'approved',
  'unknown_error',
  'general_problem_with_payment_try_again',
  'payment_was_declined_by_bank',
  'payment_was_declined_try_again',
  'we_do_not_accept_this_card_type',
  'payment_was_not_authorised',
  'insufficient_funds',
  'invalid_card_number',
  'card_has_expired',
  'incorrect_account_id',
  'unauthorized',
  'bank_link_cancelled',
  'bank_link_insufficient_funds',
] as const;

export type PaymentCode = (typeof PAYMENT_CODES)[number];

/** How the money of a top-up or a transfer payment comes: a card (with 3-D Secure) or a bank link (open banking). */
export const PAYMENT_METHODS = ['card', 'bank_link'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** Every code but `approved`: why a payment was refused. */
export type DeclineCode = Exclude<PaymentCode, 'approved'>;

export function isPaymentCode(value: string): value is PaymentCode {
  return (PAYMENT_CODES as readonly string[]).includes(value);
}

export function isDeclineCode(value: string): value is DeclineCode {
  return value !== 'approved' && isPaymentCode(value);
}

export const CARD_BRANDS = ['visa', 'mastercard', 'amex', 'unknown'] as const;

export type CardBrand = (typeof CARD_BRANDS)[number];

/** SPEC §5: only Visa and Mastercard are accepted. */
export const ACCEPTED_CARD_BRANDS: readonly CardBrand[] = ['visa', 'mastercard'];

/** SPEC §5: a card pays only when it is in the sender's name (the server's message; the app shows its own text). */
export const CARD_NOT_IN_SENDER_NAME = 'This card is not in your name: pay with a card in your own name';

/** The digits of a card number as people type it ("4242 4242-4242 4242"). */
export function cardDigits(input: string): string {
  return input.replace(/[\s-]/g, '');
}

function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** 12 to 19 digits (spaces and hyphens allowed between) with a valid Luhn check digit. */
export function isCardNumber(input: string): boolean {
  const digits = cardDigits(input);
  return /^\d{12,19}$/.test(digits) && passesLuhn(digits);
}

/** The card scheme from the number's leading digits (IIN ranges). */
export function cardBrand(input: string): CardBrand {
  const digits = cardDigits(input);
  if (/^4/.test(digits)) return 'visa';
  if (/^3[47]/.test(digits)) return 'amex';
  const two = Number(digits.slice(0, 2));
  const four = Number(digits.slice(0, 4));
  if ((two >= 51 && two <= 55) || (four >= 2221 && four <= 2720)) return 'mastercard';
  return 'unknown';
}

/** A card is good through the last day of its expiry month (UTC). */
export function isCardExpired(expMonth: number, expYear: number, now: Date): boolean {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() + 1;
  return expYear < year || (expYear === year && expMonth < month);
}
