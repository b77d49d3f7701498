import type { ColumnType, Generated, GeneratedAlways } from 'kysely';
import type { AccountKind } from '../../ledger/account-kinds.ts';
import type { LedgerAlertKind } from '../../ledger/ledger-problem.ts';
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
  /** minor units; with the account's pending changes (`ledger_pending_balances`), the sum of its postings */
  balance: Generated<bigint>;
  /** bumped by every change of `balance`: a wallet's every posting, a platform account's every fold */
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
  /** the account's balance right after this posting; null on an account posted without its lock (a platform account) */
  balance_after: bigint | null;
  created_at: CreatedAt;
}

/** A change of an account posted without its lock (`LOCKED_KINDS`), not yet folded into its balance. */
export interface LedgerPendingBalancesTable {
  id: GeneratedAlways<bigint>;
  account_id: string;
  /** signed minor units, the net change of one ledger transaction on the account */
  amount: bigint;
}

/** Something the reconciliation found wrong with the ledger, once per run, kind and subject. */
export interface LedgerAlertsTable {
  id: GeneratedAlways<bigint>;
  /** the run that found it: `ledger.reconcile:<day>` for the daily job, `manual:<time>` for a direct run */
  run_key: string;
  kind: LedgerAlertKind;
  /** what is wrong: a currency, an account id or a transfer id */
  subject: string;
  /** the figures found (money as decimal strings of minor units) */
  details: ColumnType<Record<string, unknown>, string, never>;
  created_at: CreatedAt;
}

export interface LedgerTables {
  ledger_accounts: LedgerAccountsTable;
  ledger_transactions: LedgerTransactionsTable;
  ledger_postings: LedgerPostingsTable;
  ledger_pending_balances: LedgerPendingBalancesTable;
  ledger_alerts: LedgerAlertsTable;
}
