import type { CreatedAt, Timestamp } from './platform.ts';

/**
 * A sign-in or registration waiting for the bank-ID provider's answer
 * (SPEC §7 bankid/init, check, reset). The bearer token only as a hash;
 * deleted once `check` has signed the customer in.
 */
export interface BankIdSessionsTable {
  /** bid_<uuid> */
  id: string;
  /** sha256 of the bank-ID bearer token, hex */
  token_hash: string;
  /** `migrate`: a signed-in customer's account is to sign in with bank ID (migration 0054) */
  purpose: 'registration' | 'login' | 'migrate';
  /** ISO alpha-2 country of residence, one whose bank ID Sarraf takes */
  country: string;
  personal_identity_number: string;
  /** the provider's current order */
  order_ref: string;
  /** new orders started after the first (bankid/reset) */
  restart_count: number;
  locale: string;
  /** for a registration: when the terms and the privacy policy were accepted */
  terms_accepted_at: Timestamp | null;
  privacy_accepted_at: Timestamp | null;
  expires_at: Timestamp;
  created_at: CreatedAt;
  /** the agent whose link started the registration (migration 0037) */
  agent_id: string | null;
  /** for `migrate`: whose account the identified number is tied to (migration 0054) */
  customer_id: string | null;
}

/** An identification at the sandbox bank-ID provider, as its page left it. */
export interface SandboxBankIdOrdersTable {
  order_ref: string;
  country: string;
  personal_identity_number: string;
  status: 'pending' | 'complete' | 'cancelled' | 'failed';
  /** same-origin paths the provider's page sends the browser back to */
  success_url: string;
  failure_url: string;
  created_at: CreatedAt;
}

/**
 * An identification through the OpenID Connect bank-ID broker (`oidc-bank-id.ts`, migration 0069): the
 * authorization's one-time values, kept until the broker sends the browser back, and what it ended as.
 */
export interface OidcBankIdOrdersTable {
  order_ref: string;
  /** the authorization's `state`: the one the callback must bring back */
  state: string;
  /** the `nonce` the ID token must carry */
  nonce: string;
  /** the PKCE code verifier the code is exchanged with */
  code_verifier: string;
  country: string;
  /** `failed` from the moment a callback takes the order until its code is exchanged: a callback is taken once */
  status: 'pending' | 'complete' | 'cancelled' | 'failed';
  success_url: string;
  failure_url: string;
  /** who the ID token named, once complete */
  personal_identity_number: string | null;
  given_name: string | null;
  surname: string | null;
  date_of_birth: string | null;
  created_at: CreatedAt;
  ended_at: Timestamp | null;
}

export interface BankIdTables {
  bank_id_sessions: BankIdSessionsTable;
  sandbox_bank_id_orders: SandboxBankIdOrdersTable;
  oidc_bank_id_orders: OidcBankIdOrdersTable;
}
