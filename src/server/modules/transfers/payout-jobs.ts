import type { Transaction } from 'kysely';
import { assert, object, string } from 'superstruct';
import type { Database } from '../../db/schema.ts';
import type { TransferRow } from '../../db/tables/transfers.ts';
import type { AppDeps } from '../../http/app-env.ts';
import { enqueue } from '../../jobs/outbox.ts';
import type { OutboxHandler } from '../../jobs/outbox-worker.ts';
import type { PayoutOrder } from '../../providers/payout-partner/payout-partner.ts';
import { postPayout, postRefund } from './transfer-postings.ts';
import { lockTransfer, recordTransition, transferById } from './transfer-records.ts';

/**
 * The payout partner's part of a transfer, driven through the outbox:
 * `payout.submit` hands a funded (PENDING) transfer to the partner (SENT),
 * then `payout.check` asks the partner every step until it is PAID or
 * REJECTED. Delivery is at least once: each handler does nothing for a
 * transfer already past its step, and every state change re-reads the
 * transfer under its row lock.
 */
export const PAYOUT_SUBMIT = 'payout.submit';
export const PAYOUT_CHECK = 'payout.check';

const TransferPayload = object({ transfer_id: string() });

type Trx = Transaction<Database>;

function later(deps: AppDeps): Date {
  return new Date(deps.clock.now().getTime() + deps.config.payoutStepSeconds * 1000);
}

/** After an approved payment, in its transaction: the partner gets the transfer one step later. */
export function enqueuePayoutSubmission(trx: Trx, deps: AppDeps, transferId: string): Promise<string> {
  return enqueue(
    trx,
    { topic: PAYOUT_SUBMIT, payload: { transfer_id: transferId }, availableAt: later(deps) },
    deps.clock,
  );
}

function enqueueCheck(db: AppDeps['db'] | Trx, deps: AppDeps, transferId: string): Promise<string> {
  return enqueue(
    db,
    { topic: PAYOUT_CHECK, payload: { transfer_id: transferId }, availableAt: later(deps) },
    deps.clock,
  );
}

async function payoutOrder(deps: AppDeps, transfer: TransferRow): Promise<PayoutOrder> {
  const recipient = await deps.db
    .selectFrom('beneficiaries')
    .select(['first_name', 'middle_name', 'last_name', 'fields'])
    .where('id', '=', transfer.beneficiary_id)
    .where('customer_id', '=', transfer.customer_id)
    .executeTakeFirstOrThrow();
  return {
    reference: transfer.trans_ref,
    amount: transfer.receive_amount,
    currency: transfer.dest_currency,
    destinationCountry: transfer.destination_country,
    payoutType: transfer.payout_type,
    recipient: { firstName: recipient.first_name, middleName: recipient.middle_name, lastName: recipient.last_name },
    payoutDetails: recipient.fields,
  };
}

/** PENDING → SENT once the partner has the order (its submit is idempotent on our reference and the event's key). */
export const submitPayout: OutboxHandler = async (payload, { deps, idempotencyKey }) => {
  assert(payload, TransferPayload);
  const transfer = await transferById(deps.db, payload.transfer_id);
  if (transfer?.status !== 'PENDING') return;
  const order = await payoutOrder(deps, transfer);
  const { partnerReference } = await deps.providers.payoutPartner.submit(order, { idempotencyKey });
  await deps.db.transaction().execute(async (trx) => {
    const locked = await lockTransfer(trx, transfer.id);
    if (locked.status !== 'PENDING') return;
    await recordTransition(trx, deps.clock, locked, 'partner_accepted', { partner_reference: partnerReference });
    await enqueueCheck(trx, deps, locked.id);
  });
};

/** SENT → PAID (the send amount goes to the partner) or CLOSED (everything back to the wallet); else ask again later. */
export const checkPayout: OutboxHandler = async (payload, { deps }) => {
  assert(payload, TransferPayload);
  const transfer = await transferById(deps.db, payload.transfer_id);
  if (transfer?.status !== 'SENT' || transfer.partner_reference === null) return;
  const status = await deps.providers.payoutPartner.status(transfer.partner_reference);
  if (status === 'SENT') {
    await enqueueCheck(deps.db, deps, transfer.id);
    return;
  }
  await deps.db.transaction().execute(async (trx) => {
    const locked = await lockTransfer(trx, transfer.id);
    if (locked.status !== 'SENT') return;
    const now = deps.clock.now();
    if (status === 'PAID') {
      const paid = await recordTransition(trx, deps.clock, locked, 'partner_paid', { paid_at: now });
      await postPayout(trx, paid, now);
    } else {
      const rejected = await recordTransition(trx, deps.clock, locked, 'partner_rejected');
      await postRefund(trx, rejected, now);
    }
  });
};
