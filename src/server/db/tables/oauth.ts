import type { CreatedAt, Timestamp } from './platform.ts';

/**
 * A registration waiting for the code sent to its e-mail address or phone
 * number (SPEC §7 OAuth email/* and otp/*), then, once the code is right,
 * for its `commit`. Deleted when the customer is created; unfinished ones are deleted once
 * past `expires_at`. Nothing secret is stored in clear: the bearer token and
 * the code only as keyed hashes, the password as argon2id.
 */
export interface RegistrationsTable {
  /** reg_<uuid> */
  id: string;
  /** sha256 of the registration bearer token, hex */
  token_hash: string;
  /** where the code goes */
  channel: 'email' | 'sms';
  /** the e-mail as typed (trimmed; one account per lower(email)), or the phone number in E.164 */
  destination: string;
  /**
   * the destination already has an account, told only to its owner: the
   * messages say "sign in", and the code (never sent) cannot be matched
   */
  account_exists: boolean;
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
  /** codes sent so far, the first included */
  send_count: number;
  /** wrong codes tried against the current code */
  failed_attempts: number;
  expires_at: Timestamp;
  created_at: CreatedAt;
  /** the agent whose link started the registration (migration 0037) */
  agent_id: string | null;
  /** when the right code came back: only a verified registration may be committed (migration 0059) */
  verified_at: Timestamp | null;
  /** a phone registration's e-mail address (`otp/email`), unverified until the customer confirms it */
  email: string | null;
}

/**
 * A finished registration handed to the main API: the `jti` of the signed
 * token `commit` gave, spent by the one `jwt2auth` that takes it.
 */
export interface AuthHandoffsTable {
  jti: string;
  customer_id: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

/**
 * A guest session (SPEC §7 OAuth `guest`): a caller proving with a captcha
 * that it is a person, so that its registrations past the captcha-free ones
 * of its address go through (migration 0060). Deleted once past `expires_at`.
 */
export interface GuestSessionsTable {
  /** gst_<uuid> */
  id: string;
  /** sha256 of the guest bearer token, hex */
  token_hash: string;
  /** ISO alpha-2 country of residence it was started for, a source country */
  country: string;
  /** when a captcha passed (`gcaptcha/v3` scored high enough, or `gcaptcha/v2`); null until then */
  captcha_passed_at: Timestamp | null;
  /** registrations it may still let through the captcha gate */
  registrations_left: number;
  expires_at: Timestamp;
  created_at: CreatedAt;
}

export interface OAuthTables {
  registrations: RegistrationsTable;
  auth_handoffs: AuthHandoffsTable;
  guest_sessions: GuestSessionsTable;
}
