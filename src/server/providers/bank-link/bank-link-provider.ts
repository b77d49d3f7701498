/**
 * A bank-link (open banking) payment provider: we initiate a payment for an
 * amount under our own idempotency key and send the browser to the
 * provider's page, where the customer picks their bank and approves; the
 * provider sends the browser back to our same-origin return path. We then ask
 * the provider what became of the payment, never the browser, and book money
 * only once the provider says it settled.
 */
export interface BankLinkInitiation {
  /** minor units of `currency` */
  amount: bigint;
  currency: string;
  /** what the customer's bank statement shows (a transfer reference or top-up id) */
  reference: string;
  /** the same key initiates the same payment once, whatever the retries */
  idempotencyKey: string;
  /** a same-origin path the provider's page returns the browser to, with `payment_id` added */
  returnUrl: string;
}

export interface BankLinkPayment {
  paymentId: string;
  /** the provider's page for the browser */
  redirectUrl: string;
}

/**
 * What became of a payment: still with the customer or their bank, settled
 * (the money is ours), cancelled by the customer, or refused by the bank.
 */
export type BankLinkStatus =
  | { status: 'pending' | 'settled' | 'cancelled' }
  | { status: 'failed'; reason: 'insufficient_funds' | 'bank_error' };

export interface BankLinkProvider {
  initiate(payment: BankLinkInitiation): Promise<BankLinkPayment>;
  /** Unknown payments are failed. Throws when the provider cannot be reached. */
  status(paymentId: string): Promise<BankLinkStatus>;
}
