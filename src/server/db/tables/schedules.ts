import type { Selectable } from 'kysely';
import type { PayoutType } from '../../../domain/payout-types.ts';
import type { AmountType } from '../../../domain/pricing.ts';
import type { ScheduleEndType, ScheduleFrequency } from '../../../domain/schedules.ts';
import type { CreatedAt, Timestamp } from './platform.ts';

export type ScheduleStatus = 'ACTIVE' | 'PAUSED' | 'ENDED' | 'CANCELLED';
export type SchedulePaymentType = 'wallet' | 'card';

/** A customer's scheduled or recurring transfer (migration 0082); each run is priced when it goes. */
export interface TransferSchedulesTable {
  /** `sch_…` */
  id: string;
  customer_id: string;
  beneficiary_id: string;
  beneficiary_name: string;
  source_country: string;
  destination_country: string;
  payout_type: PayoutType;
  source_currency: string;
  dest_currency: string;
  /** which side `amount` fixes: SOURCE (what is sent) or DESTINATION (what arrives) */
  amount_type: AmountType;
  /** minor units of the currency `amount_type` names */
  amount: bigint;
  purpose: string;
  frequency: ScheduleFrequency;
  start_date: string;
  day_of_month: number | null;
  end_type: ScheduleEndType;
  end_count: number | null;
  end_date: string | null;
  /** the least rate a run may go at (exact decimal string); null: any rate */
  min_rate: string | null;
  payment_type: SchedulePaymentType;
  saved_card_id: string | null;
  /** when the customer allowed runs to charge the saved card without them (merchant-initiated) */
  card_consented_at: Timestamp | null;
  status: ScheduleStatus;
  /** the number of the next run to go (0 is the first) */
  next_run: number;
  /** the transfer the schedule was made from */
  from_trans_ref: string;
  idempotency_key: string;
  request_hash: string;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export type ScheduleRunOutcome =
  | 'sent'
  | 'skipped'
  | 'rate_below_limit'
  | 'insufficient_funds'
  | 'needs_confirmation'
  | 'payment_declined'
  | 'failed';

/** A run that came due (or was skipped): once per schedule and run. */
export interface TransferScheduleRunsTable {
  schedule_id: string;
  run: number;
  run_date: string;
  outcome: ScheduleRunOutcome;
  transfer_id: string | null;
  /** the rate the run was priced at, when it was */
  rate: string | null;
  /** why it could not go, in the customer's words (English; the client words the outcome itself) */
  reason: string | null;
  at: Timestamp;
}

export type ScheduleRow = Selectable<TransferSchedulesTable>;
export type ScheduleRunRow = Selectable<TransferScheduleRunsTable>;

export interface ScheduleTables {
  transfer_schedules: TransferSchedulesTable;
  transfer_schedule_runs: TransferScheduleRunsTable;
}
