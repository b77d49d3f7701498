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

/** The account of this owner, kind and currency, created empty if missing. */
export async function ensureAccount(db: Kysely<Database>, key: AccountKey): Promise<LedgerAccount> {
  const [account] = await ensureAccounts(db, [key]);
  if (!account) throw new LedgerError(`account ${keyOf(key)} was neither found nor created`);
  return account;
}

/**
 * The accounts of these keys, in the order asked, each created empty if
 * missing. One read finds those that exist (a read never waits). The missing
 * ones are inserted one by one in key order; an insert meeting another
 * transaction's uncommitted row of the same key waits for that transaction,
 * then does nothing, and the select finds the winner's row. Since every
 * transaction creates accounts in the same order, two never wait for each
 * other here, provided neither holds ledger row locks yet: a money movement
 * ensures all its accounts first, then locks them once.
 */
export async function ensureAccounts(db: Kysely<Database>, keys: readonly AccountKey[]): Promise<LedgerAccount[]> {
  for (const key of keys) assertCurrency(key.currency);
  if (keys.length === 0) return [];
  const existing = await db
    .selectFrom('ledger_accounts')
    .selectAll()
    .where(({ eb, refTuple, tuple }) =>
      eb(
        refTuple('owner', 'kind', 'currency'),
        'in',
        keys.map((k) => tuple(k.owner, k.kind, k.currency)),
      ),
    )
    .execute();
  const found = new Map(existing.map((row) => [keyOf(row), toLedgerAccount(row)]));
  // Code-unit order, not the locale's: every server process must agree on it.
  const missing = [...new Map(keys.map((key) => [keyOf(key), key]))]
    .filter(([id]) => !found.has(id))
    .sort(([a], [b]) => (a < b ? -1 : 1));
  for (const [id, key] of missing) found.set(id, await createAccount(db, key));
  return keys.map((key) => {
    const account = found.get(keyOf(key));
    if (!account) throw new LedgerError(`account ${keyOf(key)} was neither found nor created`);
    return account;
  });
}

/** One identity of an account, and the order accounts are created in. */
function keyOf(key: AccountKey): string {
  return JSON.stringify([key.owner, key.kind, key.currency]);
}

async function createAccount(db: Kysely<Database>, key: AccountKey): Promise<LedgerAccount> {
  const created = await db
    .insertInto('ledger_accounts')
    .values({ id: newLedgerId('acc'), owner: key.owner, kind: key.kind, currency: key.currency })
    .onConflict((oc) => oc.columns(['owner', 'kind', 'currency']).doNothing())
    .returningAll()
    .executeTakeFirst();
  if (created) return toLedgerAccount(created);
  const winner = await db
    .selectFrom('ledger_accounts')
    .selectAll()
    .where('owner', '=', key.owner)
    .where('kind', '=', key.kind)
    .where('currency', '=', key.currency)
    .executeTakeFirstOrThrow();
  return toLedgerAccount(winner);
}
