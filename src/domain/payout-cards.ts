import { type CardBrand, isCardExpired } from './payments.ts';

/**
 * A recipient's card for card payouts (SPEC §3 "Beneficiary card token":
 * expire MM/YY, isExpired, guid), as the card payout gateway shows it to us:
 * never the number.
 */
export interface StoredPayoutCard {
  brand: CardBrand;
  last4: string;
  exp_month: number;
  exp_year: number;
  /** the gateway's fingerprint of the number: the same card, whatever token it came with */
  fingerprint: string;
}

/** "MM/YY", as the card shows it. */
export function cardExpiry(expMonth: number, expYear: number): string {
  return `${String(expMonth).padStart(2, '0')}/${String(expYear % 100).padStart(2, '0')}`;
}

export function isPayoutCardExpired(card: Pick<StoredPayoutCard, 'exp_month' | 'exp_year'>, now: Date): boolean {
  return isCardExpired(card.exp_month, card.exp_year, now);
}

function nameWords(name: string): string[] {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}]+/u)
    .filter(Boolean);
}

/**
 * SPEC §5 and §9: a card must be in its owner's name: the recipient's for a
 * payout card, the sender's for a card that pays. The name the card's bank
 * holds matches when it is the person's first and last name, with or without
 * the middle name, letter case, accents and punctuation aside.
 */
export function isCardInName(
  holderName: string,
  recipient: { first_name: string; middle_name: string | null; last_name: string },
): boolean {
  const holder = nameWords(holderName).join(' ');
  const short = nameWords(`${recipient.first_name} ${recipient.last_name}`).join(' ');
  const full = nameWords([recipient.first_name, recipient.middle_name, recipient.last_name].join(' ')).join(' ');
  return holder !== '' && (holder === short || holder === full);
}
