import type { CreatedAt, Timestamp } from './platform.ts';

/**
 * A registration by e-mail waiting for its code (SPEC §7 OAuth email/*).
 * Deleted when the customer is created; unfinished ones are deleted once
 * past `expires_at`. Nothing secret is stored in clear: the bearer token and
 * the code only as keyed hashes, the password as argon2id.
 */
export interface EmailRegistrationsTable {
  /** reg_<uuid> */
  id: string;
  /** sha256 of the registration bearer token, hex */
  token_hash: string;
  /** as typed (trimmed); one account per lower(email) */
  email: string;
  password_hash: string;
  /** ISO alpha-2 country of residence, a source country */
  country: string;
  locale: string;
  terms_accepted_at: Timestamp;
  privacy_accepted_at: Timestamp;
  /** HMAC-SHA256 of the current code keyed by the bearer token; null once burnt by wrong attempts */
  code_hash: string | null;
  code_sent_at: Timestamp;
  code_expires_at: Timestamp;
  /** codes e-mailed so far, the first included */
  send_count: number;
  /** wrong codes tried against the current code */
  failed_attempts: number;
  expires_at: Timestamp;
  created_at: CreatedAt;
}

export interface OAuthTables {
  email_registrations: EmailRegistrationsTable;
}
