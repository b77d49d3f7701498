import type { Kysely } from 'kysely';
import { findSourceCountry } from '../../../domain/countries.ts';
import { walletCurrenciesFor } from '../../../domain/wallets.ts';
import type { Database } from '../../db/schema.ts';
import { ApiError } from '../../http/api-error.ts';
import type { AccountKey } from '../../ledger/accounts.ts';

/**
 * A customer's wallets are their `customer_wallet` ledger accounts: the
 * account is the wallet, its balance the sum of its postings. The base
 * currency (their country of residence's) is always held, even before its
 * account is first opened by a movement.
 */

/** Who owns the wallets: the customer and their country of residence. */
export interface WalletOwner {
  customerId: string;
  country: string;
}

export function baseCurrencyOf(owner: WalletOwner): string {
  const country = findSourceCountry(owner.country);
  if (!country) throw new Error(`customer ${owner.customerId} lives in ${owner.country}, not a source country`);
  return country.currency;
}

export const walletKey = (customerId: string, currency: string): AccountKey => ({
  owner: customerId,
  kind: 'customer_wallet',
  currency,
});

/** The customer's balances by currency, the base currency included (0 until its account exists). */
export async function heldBalances(db: Kysely<Database>, owner: WalletOwner): Promise<Map<string, bigint>> {
  const rows = await db
    .selectFrom('ledger_accounts')
    .select(['currency', 'balance'])
    .where('owner', '=', owner.customerId)
    .where('kind', '=', 'customer_wallet')
    .execute();
  const balances = new Map<string, bigint>([[baseCurrencyOf(owner), 0n]]);
  for (const row of rows) balances.set(row.currency, row.balance);
  return balances;
}

/** A currency this customer may open a wallet in (their base currency or a default), or a 400 on `field`. */
export function assertMayHold(owner: WalletOwner, currency: string, field: string): void {
  if (!walletCurrenciesFor(baseCurrencyOf(owner)).includes(currency)) {
    throw new ApiError('ValidationFailed', `You cannot hold a ${currency} wallet`, field);
  }
}

/** A 404 on `field` unless the customer holds a wallet in `currency`. */
export function assertHeld(balances: ReadonlyMap<string, bigint>, currency: string, field: string): bigint {
  const balance = balances.get(currency);
  if (balance === undefined) throw new ApiError('NotFound', `You have no ${currency} wallet`, field);
  return balance;
}
