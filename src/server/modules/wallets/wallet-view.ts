import type { WalletBalance, WalletCurrency } from '../../../domain/contract/wallets.ts';
import { formatMinor, type Minor } from '../../../domain/money.ts';
import { currencyFlagCode } from '../../../domain/wallets.ts';

const currencyNames = new Intl.DisplayNames('en', { type: 'currency' });
const regionNames = new Intl.DisplayNames('en', { type: 'region' });

/** The currency's narrow symbol in English (£, €, $, kr). */
function currencySymbol(currency: string): string {
  const parts = new Intl.NumberFormat('en-GB', { style: 'currency', currency, currencyDisplay: 'narrowSymbol' })
    .formatToParts(0)
    .filter((part) => part.type === 'currency');
  return parts[0]?.value ?? currency;
}

export function currencyView(code: string): WalletCurrency {
  return { code, name: currencyNames.of(code) ?? code, symbol: currencySymbol(code), flagCode: currencyFlagCode(code) };
}

/** One wallet as SPEC §3 shows a balance. */
export function walletView(currency: string, balance: Minor, baseCurrency: string): WalletBalance {
  const flagCode = currencyFlagCode(currency);
  const codeIso2 = flagCode.toUpperCase();
  return {
    accountBalance: formatMinor(balance, currency),
    currencyCode: currency,
    country: { codeIso2, name: regionNames.of(codeIso2) ?? codeIso2 },
    flagCode,
    isUserBaseCurrency: currency === baseCurrency,
  };
}
