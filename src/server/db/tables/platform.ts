import type { ColumnType, Generated } from 'kysely';

export type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
export type Timestamp = ColumnType<Date, Date | string, Date | string>;

export interface CustomersTable {
  id: string;
  email: string;
  password_hash: string;
  first_name: string | null;
  last_name: string | null;
  /** ISO 3166-1 alpha-2 country of residence */
  country: string;
  /** ISO alpha-2 state code for US customers */
  usa_state: string | null;
  /** SPEC §4 verification status */
  verification_status: string;
  /** active | blocked | disabled */
  status: Generated<string>;
  email_verified_at: Timestamp | null;
  locale: Generated<string>;
  created_at: CreatedAt;
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

export interface PlatformTables {
  customers: CustomersTable;
  sessions: SessionsTable;
}
