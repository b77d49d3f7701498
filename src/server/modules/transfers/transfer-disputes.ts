import { randomBytes } from 'node:crypto';
import type { Dispute, DisputeAnswer, OpenDisputeRequest } from '../../../domain/contract/transfers.ts';
import {
  type DisputeOutcome,
  type DisputeState,
  disputableUntil,
  disputeMoveAllowed,
} from '../../../domain/disputes.ts';
import type { Db } from '../../db/connection.ts';
import type { TransferDisputeRow } from '../../db/tables/disputes.ts';
import { ApiError, notFound } from '../../http/api-error.ts';
import type { AppDeps } from '../../http/app-env.ts';
import { type Idempotency, oncePerKey } from '../../http/idempotency.ts';
import { findTransfer } from './transfer-records.ts';

const NOT_PAID = 'This transfer was never paid for: there is nothing to report';
const TOO_LATE =
  'Problems with a transfer can be reported within 180 days of the date the money was available. This one is older.';
const ALREADY_OPEN = 'A problem with this transfer is already being looked at. We will tell you its outcome.';

function disputeView(row: TransferDisputeRow, transRef: string): Dispute {
  return {
    id: row.id,
    trans_ref: transRef,
    reason: row.reason,
    description: row.description,
    state: row.state,
    outcome: row.outcome,
    opened_at: row.opened_at.toISOString(),
    under_review_at: row.under_review_at?.toISOString() ?? null,
    resolved_at: row.resolved_at?.toISOString() ?? null,
  };
}

function disputeByKey(db: Db, customerId: string, key: string): Promise<TransferDisputeRow | undefined> {
  return db
    .selectFrom('transfer_disputes')
    .selectAll()
    .where('customer_id', '=', customerId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}

/**
 * POST /remit/transaction/dispute: the customer reports a problem with a paid
 * transfer, within 180 days of the date available (409 DisputeWindowClosed
 * after), while no other dispute of it is unresolved (409 DisputeAlreadyOpen).
 * Idempotent on the key: a retry answers with the same dispute; two racing
 * calls make one (the key's unique index, and the one-unresolved index).
 */
export async function openDispute(
  deps: AppDeps,
  customerId: string,
  request: OpenDisputeRequest,
  idempotency: Idempotency,
): Promise<{ dispute: Dispute; created: boolean }> {
  const transfer = await findTransfer(deps.db, customerId, request.trans_ref);
  const { row, created } = await oncePerKey(
    idempotency,
    () => disputeByKey(deps.db, customerId, idempotency.key),
    async () => {
      const until = disputableUntil(transfer);
      if (until === null) throw new ApiError('DisputeWindowClosed', NOT_PAID);
      if (deps.clock.now() > until) throw new ApiError('DisputeWindowClosed', TOO_LATE);
      const inserted = await deps.db
        .insertInto('transfer_disputes')
        .values({
          id: `dsp_${randomBytes(16).toString('base64url')}`,
          transfer_id: transfer.id,
          customer_id: customerId,
          idempotency_key: idempotency.key,
          request_hash: idempotency.requestHash,
          reason: request.reason,
          description: request.description.trim(),
          state: 'OPEN',
          outcome: null,
          opened_at: deps.clock.now(),
          under_review_at: null,
          resolved_at: null,
        })
        .onConflict((oc) => oc.doNothing())
        .returningAll()
        .executeTakeFirst();
      if (inserted) return inserted;
      // not inserted: either a racing call with this key made it, or another dispute is still unresolved
      if (await disputeByKey(deps.db, customerId, idempotency.key)) return undefined;
      throw new ApiError('DisputeAlreadyOpen', ALREADY_OPEN);
    },
  );
  return { dispute: disputeView(row, transfer.trans_ref), created };
}

/** GET /remit/transaction/:trans_ref/dispute: the transfer's latest dispute (null when none) and until when one may be opened. */
export async function getDispute(deps: AppDeps, customerId: string, transRef: string): Promise<DisputeAnswer> {
  const transfer = await findTransfer(deps.db, customerId, transRef);
  const row = await deps.db
    .selectFrom('transfer_disputes')
    .selectAll()
    .where('transfer_id', '=', transfer.id)
    .orderBy('opened_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  const until = disputableUntil(transfer);
  return {
    dispute: row ? disputeView(row, transfer.trans_ref) : null,
    disputable_until: until && until > deps.clock.now() ? until.toISOString() : null,
  };
}

/**
 * The sandbox reviewer moves a dispute: OPEN → UNDER_REVIEW → RESOLVED with
 * an outcome (a real deployment's back office does this). A move the domain
 * does not allow, or RESOLVED without an outcome, is refused with 409 / 400.
 */
export async function reviewDispute(
  deps: AppDeps,
  disputeId: string,
  to: DisputeState,
  outcome: DisputeOutcome | undefined,
): Promise<Dispute> {
  if ((to === 'RESOLVED') !== (outcome !== undefined)) {
    throw new ApiError('ValidationFailed', 'An outcome is given when, and only when, resolving', 'outcome');
  }
  return deps.db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('transfer_disputes')
      .selectAll()
      .where('id', '=', disputeId)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw notFound('Dispute');
    if (!disputeMoveAllowed(row.state, to)) {
      throw new ApiError('InvalidTransition', `A dispute ${row.state} cannot move to ${to}`);
    }
    const now = deps.clock.now();
    const moved = await trx
      .updateTable('transfer_disputes')
      .set(
        to === 'RESOLVED'
          ? { state: to, outcome: outcome ?? null, resolved_at: now }
          : { state: to, under_review_at: now },
      )
      .where('id', '=', row.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    const transfer = await trx
      .selectFrom('transfers')
      .select('trans_ref')
      .where('id', '=', row.transfer_id)
      .executeTakeFirstOrThrow();
    return disputeView(moved, transfer.trans_ref);
  });
}
