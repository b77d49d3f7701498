import { ApiError } from '../../http/api-error.ts';

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

/** The end of a return through our server: the provider's payment, and where to send the browser on to. */
export interface FinishedBankLinkReturn {
  paymentId: string;
  /** the payment's same-origin return path, with `payment_id` added (`bankLinkReturnPath`) */
  returnPath: string;
}

export interface BankLinkProvider {
  /** Its name in the address of its hooks, `/api/hooks/bank-link/<name>`. */
  readonly name: string;
  /** Whether it takes a bank payment in `currency` (ISO 4217). */
  takes(currency: string): boolean;
  initiate(payment: BankLinkInitiation): Promise<BankLinkPayment>;
  /** Unknown payments are failed. Throws when the provider cannot be reached. */
  status(paymentId: string): Promise<BankLinkStatus>;
  /**
   * For a provider that returns the browser to our server with its result in
   * the query (Adyen): what it now says about the payment is recorded, so
   * `status` answers it. Undefined for a query that is no such return.
   */
  finishReturn?(query: Record<string, string>): Promise<FinishedBankLinkReturn | undefined>;
  /**
   * For a provider that tells outcomes by signed webhook (Adyen): once the
   * signature holds, what it says is recorded, so `status` answers it, and
   * the ids of the provider's payments it named that we know are answered;
   * undefined when the signature does not hold.
   */
  receiveWebhook?(body: string): Promise<string[] | undefined>;
}

/**
 * Refuse, before any pay-in is started, a bank payment in a currency the
 * provider does not take: 503, the customer may pay by card.
 */
export function assertBankLinkTakes(provider: Pick<BankLinkProvider, 'takes'>, currency: string): void {
  if (!provider.takes(currency)) {
    throw new ApiError(
      'ServiceUnavailable',
      `Paying from your bank is not available in ${currency}. Pay by card instead.`,
    );
  }
}

/** The return path with the provider's payment id added (the app confirms it server-side, never trusting this). */
export function bankLinkReturnPath(returnUrl: string, paymentId: string): string {
  const url = new URL(returnUrl, 'https://sarraf.invalid');
  url.searchParams.set('payment_id', paymentId);
  return `${url.pathname}${url.search}`;
}
