/**
 * How a recipient receives the money (SPEC §1). The code is what the API and
 * the database carry; the name is the SPEC's English name (the client shows
 * its own translated text).
 */
export const PAYOUT_TYPES = ['mobile', 'cash', 'bank', 'card', 'wallet'] as const;
export type PayoutType = (typeof PAYOUT_TYPES)[number];

export const PAYOUT_TYPE_NAMES: Readonly<Record<PayoutType, string>> = {
  mobile: 'Mobile Transfer',
  cash: 'Cash Collection',
  bank: 'Account / bank deposit',
  card: 'Card',
  wallet: 'Wallet Transfer',
};
