import type { Transaction } from 'kysely';
import { assert, object, string } from 'superstruct';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/connection.ts';
import type { Database } from '../../db/schema.ts';
import { enqueue } from '../../jobs/outbox.ts';
import type { OutboxHandler } from '../../jobs/outbox-worker.ts';
import { abandonPayin, settlePayin } from '../../payins/payin-lifecycle.ts';
import { openTransferPayin } from '../../payins/payin-records.ts';
import { releasePromo } from '../promotions/promo-service.ts';
import { TRANSFER_PAYIN } from './transfer-payin.ts';
import { lockTransfer, recordTransition, transferById } from './transfer-records.ts';

export const TRANSFER_EXPIRE = 'transfer.expire';

/**
 * How long after its quote expires an unpaid transfer stays open: a card
 * check (3-D Secure) started just before the rate ran out may still finish.
 */
export const CHALLENGE_GRACE_SECONDS = 15 * 60;

const TransferPayload = object({ transfer_id: string() });

/** At creation, in its transaction: close the transfer if it is still unpaid once the grace has passed. */
export function enqueueTransferExpiry(
  trx: Transaction<Database>,
  transferId: string,
  quoteExpiresAt: Date,
  clock: Clock,
): Promise<string> {
  return enqueue(
    trx,
    {
      topic: TRANSFER_EXPIRE,
      payload: { transfer_id: transferId },
      availableAt: new Date(quoteExpiresAt.getTime() + CHALLENGE_GRACE_SECONDS * 1000),
    },
    clock,
  );
}

/** Whether the transfer's current quote, and the grace after it, are over. */
async function quoteRanOut(db: Db, quoteId: string, now: Date): Promise<boolean> {
  const { expires_at } = await db
    .selectFrom('quotes')
    .select('expires_at')
    .where('id', '=', quoteId)
    .executeTakeFirstOrThrow();
  return now.getTime() >= expires_at.getTime() + CHALLENGE_GRACE_SECONDS * 1000;
}

/**
 * AWAITING → CLOSED (expired), once its current quote has run out (a
 * re-priced transfer has a later quote, and a later expiry queued). An open payment attempt is asked of the
 * gateway first, so a payment approved in time still funds the transfer;
 * one still unanswered is abandoned, and its gateway payment voided so a
 * 3-D Secure check finished later charges nothing; a bank-link one, which
 * cannot be voided, is watched for a late settlement.
 */
export const expireTransfer: OutboxHandler = async (payload, { deps }) => {
  assert(payload, TransferPayload);
  const transfer = await transferById(deps.db, payload.transfer_id);
  if (transfer?.status !== 'AWAITING') return;
  if (!(await quoteRanOut(deps.db, transfer.quote_id, deps.clock.now()))) return; // re-priced: a later expiry is queued
  const open = await openTransferPayin(deps.db, transfer.id);
  if (open) await settlePayin(deps, TRANSFER_PAYIN, open);
  await deps.db.transaction().execute(async (trx) => {
    const locked = await lockTransfer(trx, transfer.id);
    if (locked.status !== 'AWAITING') return;
    const stillOpen = await openTransferPayin(trx, locked.id);
    if (stillOpen) await abandonPayin(trx, deps, stillOpen.id);
    await recordTransition(trx, deps.clock, locked, 'expired', {}, { reason: 'unpaid_in_time' });
    await releasePromo(trx, locked.id, deps.clock.now());
  });
};
