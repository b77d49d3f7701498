import type { ColumnType, Generated, GeneratedAlways } from 'kysely';
import type { AccountKind } from '../../ledger/account-kinds.ts';
import type { CreatedAt } from './platform.ts';

/** One balance of one owner in one currency; `balance` moves only through postings. */
export interface LedgerAccountsTable {
  /** `acc_…` */
  id: string;
  /** a customer id, or `platform` */
  owner: string;
  kind: AccountKind;
  /** ISO 4217 alpha-3 */
  currency: string;
  /** minor units; equals the sum of the account's postings */
  balance: Generated<bigint>;
  /** bumped by every posting, for optimistic readers */
  version: Generated<bigint>;
  created_at: CreatedAt;
}

/** One movement of money: two or more postings that sum to zero per currency. */
export interface LedgerTransactionsTable {
  /** `ltx_…` */
  id: string;
  idempotency_key: string;
  /** sha256 of the canonical request; a key reused with another request is refused */
  request_hash: string;
  kind: string;
  /** the business record the movement belongs to (a transfer, a top-up, …) */
  reference: string;
  metadata: ColumnType<Record<string, unknown> | null, string | null, never>;
  created_at: CreatedAt;
}

export interface LedgerPostingsTable {
  id: GeneratedAlways<bigint>;
  transaction_id: string;
  account_id: string;
  currency: string;
  /** signed minor units: positive credits the account, negative debits it */
  amount: bigint;
  /** the account's balance right after this posting */
  balance_after: bigint;
  created_at: CreatedAt;
}

export interface LedgerTables {
  ledger_accounts: LedgerAccountsTable;
  ledger_transactions: LedgerTransactionsTable;
  ledger_postings: LedgerPostingsTable;
}
