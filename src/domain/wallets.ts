import { SOURCE_COUNTRIES } from './countries.ts';

/**
 * Multi-currency wallets (SPEC §3, §5, §9). A customer holds a wallet in the
 * currency of their country of residence (the base currency) and may open
 * wallets in the default wallet currencies, and convert between them.
 */

/** SPEC §9: the currencies a wallet may be opened in, besides the customer's base currency. */
export const DEFAULT_WALLET_CURRENCIES = ['GBP', 'EUR', 'USD', 'SEK', 'DKK', 'NOK'] as const;

/** Every currency a wallet can exist in: the defaults and every source country's own. */
export const ALL_WALLET_CURRENCIES: readonly string[] = [
  ...new Set([...DEFAULT_WALLET_CURRENCIES, ...SOURCE_COUNTRIES.map((country) => country.currency)]),
];

/** The currencies a customer paying in `baseCurrency` may hold: the base first, then the defaults. */
export function walletCurrenciesFor(baseCurrency: string): string[] {
  return [...new Set([baseCurrency, ...DEFAULT_WALLET_CURRENCIES])];
}

/** SPEC §9: the conversion history keeps the 50 newest entries. */
export const CONVERSION_HISTORY_MAX = 50;

/** The flag shown beside a currency: the issuing country's (the EU's for the euro), lower-case ISO 3166-1. */
export function currencyFlagCode(currency: string): string {
  return currency === 'EUR' ? 'eu' : currency.slice(0, 2).toLowerCase();
}

/** The least and most one card top-up may bring, in minor units of the wallet's currency; top-ups are free. */
export const TOP_UP_LIMITS = { min: 1_00n, max: 5_000_00n, fee: 0n } as const;

/** How long a card top-up may wait for the customer's 3-D Secure answer before it is abandoned and its payment voided. */
export const TOP_UP_CHALLENGE_MINUTES = 30;

/**
 * What moved a wallet's money, as its statement names it: a top-up, money sent to our bank that paid no transfer,
 * a conversion, a transfer paid from the wallet, a transfer's money given back, that refund sent on to the card,
 * a fee given back for a late payout, and anything else (`other`).
 */
export const WALLET_MOVEMENT_TYPES = [
  'top_up',
  'bank_credit',
  'conversion',
  'payment',
  'refund',
  'card_refund',
  'fee_refund',
  'other',
] as const;
export type WalletMovementType = (typeof WALLET_MOVEMENT_TYPES)[number];
