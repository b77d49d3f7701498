/** What the reconciliation can find wrong with the ledger. */
export type LedgerAlertKind =
  /** a currency's postings do not sum to zero: money appeared or vanished */
  | 'currency_unbalanced'
  /** an account's balance is not the sum of its postings */
  | 'account_balance_mismatch'
  /** a transfer's ledger transactions are not the ones its status needs */
  | 'transfer_postings_mismatch';

/** One thing wrong, about one subject (a currency, an account, a transfer); details are JSON-safe. */
export interface LedgerProblem {
  kind: LedgerAlertKind;
  subject: string;
  details: Record<string, unknown>;
}
