import { sql } from 'kysely';
import type { PaymentType } from '../../../domain/contract/transfers.ts';
import {
  CLOSE_REASONS,
  type CloseReason,
  REFUND_DESTINATIONS,
  REFUNDED_CLOSE_REASONS,
  type RefundDestination,
  TRANSFER_STATUSES,
  type TransferStatus,
} from '../../../domain/transfers.ts';
import type { Db } from '../../db/connection.ts';
import type { LedgerProblem } from '../../ledger/ledger-problem.ts';
import { POSTING_STEPS, postingStepsOf } from './transfer-postings.ts';

type TransferState = [TransferStatus, CloseReason | null, RefundDestination | null];

/** Every (status, close reason, refund destination) a transfer can be in. */
function transferStates(): TransferState[] {
  return TRANSFER_STATUSES.flatMap((status): TransferState[] =>
    status !== 'CLOSED'
      ? [[status, null, null]]
      : CLOSE_REASONS.flatMap((reason): TransferState[] =>
          REFUNDED_CLOSE_REASONS.includes(reason)
            ? REFUND_DESTINATIONS.map((to): TransferState => [status, reason, to])
            : [[status, reason, null]],
        ),
  );
}

/** How a funded transfer can have been paid: its postings differ by it (one with none recorded is held to a card's). */
const PAID_WITH: readonly PaymentType[] = ['card', 'wallet', 'bank', 'trustly'];

/**
 * Transfers whose ledger transactions are not the ones their state needs
 * (postingStepsOf): a PAID transfer never funded, a refund without a
 * rejection, a late payout's fee given back without the transfer saying so. A step counts when its transaction exists with postings.
 */
export async function transfersOffTheirPostings(db: Db): Promise<LedgerProblem[]> {
  const expected = transferStates().flatMap(([status, reason, refundTo]) =>
    PAID_WITH.flatMap((paidWith) =>
      [false, true].flatMap((feeBack) =>
        postingStepsOf(status, reason, refundTo, paidWith, feeBack).map(
          (step) =>
            sql`(${status}::text, ${reason}::text, ${refundTo}::text, ${paidWith}::text, ${feeBack}::boolean, ${step}::text)`,
        ),
      ),
    ),
  );
  const steps = POSTING_STEPS.map((step) => sql`(${step}::text)`);
  // The key is transferPostingKey's: `transfer:<id>:<step>`.
  const { rows } = await sql<{
    id: string;
    trans_ref: string;
    status: TransferStatus;
    close_reason: CloseReason | null;
    missing: string[];
    unexpected: string[];
  }>`
    with expected (status, close_reason, refund_to, payment_type, fee_back, step) as (values ${sql.join(expected)}),
         steps (step) as (values ${sql.join(steps)})
    select t.id, t.trans_ref, t.status, t.close_reason,
      coalesce(jsonb_agg(s.step order by s.step) filter (where e.step is not null), '[]'::jsonb) as missing,
      coalesce(jsonb_agg(s.step order by s.step) filter (where e.step is null), '[]'::jsonb) as unexpected
    from transfers t
    cross join steps s
    left join expected e
      on e.status = t.status and e.close_reason is not distinct from t.close_reason
        and e.refund_to is not distinct from t.refund_to and e.payment_type = coalesce(t.payment_type, 'card')
        and e.fee_back = (t.late_fee_refunded_at is not null) and e.step = s.step
    where (e.step is not null) <> exists (
      select 1 from ledger_transactions lt join ledger_postings p on p.transaction_id = lt.id
      where lt.idempotency_key = 'transfer:' || t.id || ':' || s.step)
    group by t.id, t.trans_ref, t.status, t.close_reason
    order by t.id`.execute(db);
  return rows.map((row) => ({
    kind: 'transfer_postings_mismatch',
    subject: row.id,
    details: {
      trans_ref: row.trans_ref,
      status: row.status,
      close_reason: row.close_reason,
      missing_steps: row.missing,
      unexpected_steps: row.unexpected,
    },
  }));
}
