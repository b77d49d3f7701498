import type { SavedCard } from '../../../domain/contract/wallets.ts';

/** Scheme names are trademarks, written the same in every language. */
const BRAND_NAMES: Readonly<Record<SavedCard['brand'], string>> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  unknown: '',
};

export const brandName = (card: SavedCard): string => BRAND_NAMES[card.brand];
