import type { ColumnType } from 'kysely';
import type { Timestamp } from './platform.ts';

/** A customer's passkey (WebAuthn credential, migration 0042). */
export interface PasskeysTable {
  /** the credential id the authenticator made, base64url */
  id: string;
  customer_id: string;
  /** the COSE public key, base64url */
  public_key: string;
  /** the authenticator's signature counter at its last use (0 for authenticators that keep none) */
  counter: ColumnType<string, number, number>;
  /** the ways the browser can reach the authenticator, JSON array */
  transports: string;
  device_type: 'singleDevice' | 'multiDevice';
  backed_up: boolean;
  created_at: Timestamp;
  last_used_at: Timestamp | null;
}

/** A challenge handed out for adding a passkey or signing in with one; deleted when used. */
export interface PasskeyChallengesTable {
  /** base64url, as the authenticator signs it */
  challenge: string;
  purpose: 'registration' | 'sign-in';
  /** whose passkey is being added; null for a sign-in */
  customer_id: string | null;
  expires_at: Timestamp;
}

export interface PasskeyTables {
  passkeys: PasskeysTable;
  passkey_challenges: PasskeyChallengesTable;
}
