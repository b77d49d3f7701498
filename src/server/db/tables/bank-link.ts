import type { ColumnType } from 'kysely';
import type { CreatedAt, Timestamp } from './platform.ts';

/** A payment at the sandbox bank-link provider, as its bank picker left it (migration 0044). */
export interface SandboxBankLinkPaymentsTable {
  /** blp_<uuid> */
  id: string;
  /** the merchant's key: one payment per key */
  idempotency_key: string;
  amount: ColumnType<bigint, bigint, never>;
  currency: string;
  reference: string;
  /** same-origin path the page sends the browser back to */
  return_url: string;
  /** the sandbox bank the customer picked, once they decided */
  bank: string | null;
  status: 'pending' | 'settled' | 'cancelled' | 'failed';
  created_at: CreatedAt;
  updated_at: Timestamp;
}

/** What Adyen said about a bank-link payment, by its return or its webhook (migration 0086). */
export interface AdyenBankLinkPaymentsTable {
  /** Adyen's payment id */
  psp_reference: string;
  /** our key the payment was made under */
  idempotency_key: string;
  status: 'pending' | 'settled' | 'cancelled' | 'failed';
  /** why a failed payment failed; null otherwise */
  reason: 'insufficient_funds' | 'bank_error' | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface BankLinkTables {
  sandbox_bank_link_payments: SandboxBankLinkPaymentsTable;
  adyen_bank_link_payments: AdyenBankLinkPaymentsTable;
}
