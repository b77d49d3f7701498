/**
 * The bank-ID identity provider of Sweden and Norway (DESIGN §4): we start
 * an order for a personal identity number and send the browser to the
 * provider's page; the customer identifies there with their bank ID, and the
 * provider sends the browser back to one of our two paths. We then collect
 * the order's result from the provider, never from the browser.
 */
export interface BankIdOrderStart {
  /** ISO alpha-2: SE or NO */
  country: string;
  personalIdentityNumber: string;
  /** same-origin paths the provider sends the browser back to, with `order_ref` (and `reason` on failure) */
  successUrl: string;
  failureUrl: string;
}

export interface BankIdOrder {
  orderRef: string;
  /** the provider's page for the browser */
  redirectUrl: string;
}

/** Who the bank ID identified, as the bank holds them (the eKYC attributes of SPEC §7 `bankid/ekyc`). */
export interface BankIdPerson {
  givenName: string;
  surname: string;
  /** YYYY-MM-DD; null when the bank does not give it */
  dateOfBirth: string | null;
}

/** What became of an order: still waiting, identified, cancelled by the customer, or refused by the bank. */
export type BankIdResult =
  | { status: 'pending' | 'cancelled' | 'failed' }
  | { status: 'complete'; personalIdentityNumber: string; country: string; person: BankIdPerson };

export interface BankIdProvider {
  start(order: BankIdOrderStart): Promise<BankIdOrder>;
  /** Unknown orders are `failed`. Throws when the provider cannot be reached. */
  collect(orderRef: string): Promise<BankIdResult>;
  /**
   * For a provider that sends the browser back to us first (OpenID Connect: `OIDC_BANK_ID_CALLBACK_PATH`): ends
   * the order its callback's query names and answers the path the browser goes on to (the order's success or
   * failure path). Throws `ApiError` for a query that names no order waiting for one.
   */
  finish?(query: URLSearchParams): Promise<string>;
}
