import type { Selectable } from 'kysely';
import type { DisputeOutcome, DisputeReason, DisputeState } from '../../../domain/disputes.ts';
import type { Timestamp } from './platform.ts';

/** A problem a customer reported on a transfer (src/domain/disputes.ts), with the time of each move. */
export interface TransferDisputesTable {
  /** `dsp_…` */
  id: string;
  transfer_id: string;
  customer_id: string;
  idempotency_key: string;
  request_hash: string;
  reason: DisputeReason;
  description: string;
  state: DisputeState;
  outcome: DisputeOutcome | null;
  opened_at: Timestamp;
  under_review_at: Timestamp | null;
  resolved_at: Timestamp | null;
}

export type TransferDisputeRow = Selectable<TransferDisputesTable>;

export interface DisputeTables {
  transfer_disputes: TransferDisputesTable;
}
