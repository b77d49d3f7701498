import type { WalletBalance, WalletCurrency } from '../../../domain/contract/wallets.ts';
import { formatMinor } from '../../../domain/money.ts';
import { walletCurrenciesFor } from '../../../domain/wallets.ts';
import type { AppDeps } from '../../http/app-env.ts';
import { ensureAccounts } from '../../ledger/accounts.ts';
import {
  assertHeld,
  assertMayHold,
  baseCurrencyOf,
  heldBalances,
  type WalletOwner,
  walletKey,
} from './wallet-accounts.ts';
import { currencyView, walletView } from './wallet-view.ts';

/** The currencies this customer may hold, the base currency first (wallet-currencies, currencies). */
export function walletCurrencies(owner: WalletOwner): WalletCurrency[] {
  return walletCurrenciesFor(baseCurrencyOf(owner)).map(currencyView);
}

/** Every wallet the customer holds: the base currency first, then the others by code. */
export async function listWallets(deps: AppDeps, owner: WalletOwner): Promise<WalletBalance[]> {
  const base = baseCurrencyOf(owner);
  const balances = await heldBalances(deps.db, owner);
  return [...balances]
    .sort(([a], [b]) => (a === base ? -1 : b === base ? 1 : a < b ? -1 : 1))
    .map(([currency, balance]) => walletView(currency, balance, base));
}

/** Balance per currency code, as decimal strings (wallets/balances). */
export async function balancesByCurrency(deps: AppDeps, owner: WalletOwner): Promise<Record<string, string>> {
  const balances = await heldBalances(deps.db, owner);
  return Object.fromEntries([...balances].map(([currency, balance]) => [currency, formatMinor(balance, currency)]));
}

/** One wallet (get-balance): the base currency's when none is named; 404 for a currency not held. */
export async function walletBalance(deps: AppDeps, owner: WalletOwner, currency?: string): Promise<WalletBalance> {
  const base = baseCurrencyOf(owner);
  const wanted = currency ?? base;
  const balance = assertHeld(await heldBalances(deps.db, owner), wanted, 'currency');
  return walletView(wanted, balance, base);
}

/**
 * Open wallets in these currencies (an open one is left as it is). Answers
 * the wallets asked for, and whether any was new.
 */
export async function openWallets(
  deps: AppDeps,
  owner: WalletOwner,
  currencies: readonly string[],
): Promise<{ wallets: WalletBalance[]; created: boolean }> {
  currencies.forEach((currency, n) => {
    assertMayHold(owner, currency, currencies.length === 1 ? 'currency' : `currencies[${n}]`);
  });
  const before = await heldBalances(deps.db, owner);
  const unique = [...new Set(currencies)];
  const accounts = await ensureAccounts(
    deps.db,
    unique.map((currency) => walletKey(owner.customerId, currency)),
  );
  const base = baseCurrencyOf(owner);
  return {
    wallets: accounts.map((account) => walletView(account.currency, account.balance, base)),
    created: unique.some((currency) => !before.has(currency)),
  };
}
