import type { ColumnType } from 'kysely';
import type { CreatedAt, Timestamp } from './platform.ts';

/** A customer's onboarding answers (migration 0017); every answer null until its step is done. */
export interface RemittersTable {
  customer_id: string;
  /** ISO 3166-1 alpha-2 */
  nationality: string | null;
  /** YYYY-MM-DD */
  date_of_birth: string | null;
  street: string | null;
  city: string | null;
  postcode: string | null;
  province: string | null;
  occupation: string | null;
  reason_of_usage: string | null;
  purpose_of_account: string | null;
  /** the last four digits of a US resident's Social Security number; the full number is never stored */
  ssn_last4: string | null;
  /** when a US customer confirmed those four digits before their first card payment (migration 0058); null until then */
  ssn_confirmed_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface RemitterTables {
  remitters: RemittersTable;
}
