import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { LedgerAccountsTable } from '../db/tables/ledger.ts';
import type { AccountKind } from './account-kinds.ts';
import { LedgerError } from './ledger-error.ts';
import { newLedgerId } from './ledger-ids.ts';

export interface LedgerAccount {
  id: string;
  owner: string;
  kind: AccountKind;
  currency: string;
  balance: bigint;
  version: bigint;
  createdAt: Date;
}

export interface AccountKey {
  owner: string;
  kind: AccountKind;
  currency: string;
}

const CURRENCY = /^[A-Z]{3}$/;

export function assertCurrency(currency: string): void {
  if (!CURRENCY.test(currency)) throw new LedgerError(`not an ISO 4217 currency code: ${JSON.stringify(currency)}`);
}

export function toLedgerAccount(row: Selectable<LedgerAccountsTable>): LedgerAccount {
  return {
    id: row.id,
    owner: row.owner,
    kind: row.kind,
    currency: row.currency,
    balance: row.balance,
    version: row.version,
    createdAt: row.created_at,
  };
}

/**
 * The account of this owner, kind and currency, created empty if missing.
 * Safe under concurrency: a racing insert waits on the unique key and then
 * does nothing, and the select finds the winner's row.
 */
export async function ensureAccount(db: Kysely<Database>, key: AccountKey): Promise<LedgerAccount> {
  assertCurrency(key.currency);
  const created = await db
    .insertInto('ledger_accounts')
    .values({ id: newLedgerId('acc'), owner: key.owner, kind: key.kind, currency: key.currency })
    .onConflict((oc) => oc.columns(['owner', 'kind', 'currency']).doNothing())
    .returningAll()
    .executeTakeFirst();
  if (created) return toLedgerAccount(created);
  const existing = await db
    .selectFrom('ledger_accounts')
    .selectAll()
    .where('owner', '=', key.owner)
    .where('kind', '=', key.kind)
    .where('currency', '=', key.currency)
    .executeTakeFirstOrThrow();
  return toLedgerAccount(existing);
}
