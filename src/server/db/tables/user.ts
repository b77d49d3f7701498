import type { Generated } from 'kysely';
import type { CreatedAt, Timestamp } from './platform.ts';

/** A customer: one per e-mail (case-insensitive), one per mobile number, one per bank-ID personal number and country; at least one of the three. */
export interface CustomersTable {
  id: string;
  email: string | null;
  /** E.164 */
  mobile: string | null;
  password_hash: string;
  first_name: string | null;
  last_name: string | null;
  /** ISO 3166-1 alpha-2 country of residence */
  country: string;
  /** ISO alpha-2 state code for US customers */
  usa_state: string | null;
  /** SPEC §4 verification status */
  verification_status: string;
  /** the identity provider's reference, once verification has started (migration 0022) */
  kyc_user_reference: Generated<string | null>;
  /** active | blocked | disabled */
  status: Generated<string>;
  email_verified_at: Timestamp | null;
  mobile_verified_at: Timestamp | null;
  locale: Generated<string>;
  created_at: CreatedAt;
  /** the personal identity number a bank ID confirmed (one per country; migration 0036) */
  personal_identity_number: string | null;
  personal_identity_number_verified_at: Timestamp | null;
  /** the agent who signed the customer up (migration 0037) */
  agent_id: string | null;
}

export interface SessionsTable {
  /** sha256 of the opaque token, hex; the token itself is never stored */
  token_hash: string;
  customer_id: string;
  created_at: CreatedAt;
  last_seen_at: Timestamp;
  idle_expires_at: Timestamp;
  absolute_expires_at: Timestamp;
  revoked_at: Timestamp | null;
}

export type ConsentDocument = 'terms_and_conditions' | 'privacy_policy';

/** Which legal document (by its link) a customer accepted, and when. */
export interface CustomerConsentsTable {
  customer_id: string;
  document: ConsentDocument;
  document_url: string;
  accepted_at: Timestamp;
}

/** Someone in a country Sarraf does not serve yet, to tell when it launches there. */
export interface LaunchInterestTable {
  id: string;
  email: string;
  /** the e-mail's key (rules.ts `emailKey`): one request per address and country */
  email_key: string;
  /** ISO 3166-1 alpha-2 */
  country: string;
  full_name: string | null;
  /** the language to write to them in */
  locale: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/**
 * The live password-recovery code of one destination, kept whether or not a
 * customer has it (so asking and checking do the same work either way);
 * deleted once used, and by the next call once past `code_expires_at`.
 */
export interface PasswordRecoveriesTable {
  /** where the code goes, as `email:<lower-case address>` */
  destination: string;
  /** the customer the destination belongs to; null when no one has it (no code is sent then) */
  customer_id: string | null;
  /** random key of the code's HMAC (one-time-code.ts) */
  code_key: string;
  /** null once burnt by wrong attempts */
  code_hash: string | null;
  code_sent_at: Timestamp;
  code_expires_at: Timestamp;
  /** wrong codes tried against the current code */
  failed_attempts: number;
}

export interface ContactChangesTable {
  customer_id: string;
  kind: 'email' | 'mobile';
  /** the new e-mail as typed, or the new number in E.164 */
  destination: string;
  /** random key of the code's HMAC (one-time-code.ts) */
  code_key: string;
  /** null once burnt by wrong attempts */
  code_hash: string | null;
  code_sent_at: Timestamp;
  code_expires_at: Timestamp;
  /** wrong codes tried against the current code */
  failed_attempts: number;
}

export interface UserTables {
  customers: CustomersTable;
  sessions: SessionsTable;
  customer_consents: CustomerConsentsTable;
  launch_interest: LaunchInterestTable;
  password_recoveries: PasswordRecoveriesTable;
  contact_changes: ContactChangesTable;
}
