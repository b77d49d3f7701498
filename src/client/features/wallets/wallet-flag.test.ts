import { describe, expect, it } from 'vitest';
import { ALL_WALLET_CURRENCIES, currencyFlagCode } from '../../../domain/wallets.ts';
import { flagUrl } from './wallet-flag.tsx';

describe('wallet flags', () => {
  it('has an image for the currency of every wallet there can be, and none beyond', () => {
    for (const currency of ALL_WALLET_CURRENCIES) {
      expect(flagUrl(currencyFlagCode(currency)), currency).toMatch(/\.svg\b/);
    }
    expect(flagUrl('so')).toBeUndefined();
  });
});
