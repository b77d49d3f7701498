import type { Transaction } from 'kysely';
import { assert, object, string } from 'superstruct';
import { cancellableUntil } from '../../../domain/transfers.ts';
import type { Database } from '../../db/schema.ts';
import type { TransferRow } from '../../db/tables/transfers.ts';
import type { AppDeps } from '../../http/app-env.ts';
import { enqueue } from '../../jobs/outbox.ts';
import type { OutboxHandler } from '../../jobs/outbox-worker.ts';
import type { PayoutOrder } from '../../providers/payout-partner/payout-partner.ts';
import { applyPartnerReport } from './partner-reports.ts';
import { transferById } from './transfer-records.ts';

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

/**
 * After an approved payment, in its transaction: the partner gets the transfer one step later; a transfer its sender
 * may still cancel (the US right, `cancellableUntil`) not before that right ends, when the operator holds payouts for
 * it (`holdPayoutForCancellation`), so the right the disclosure promises can be used.
 */
export function enqueuePayoutSubmission(trx: Trx, deps: AppDeps, funded: TransferRow): Promise<string> {
  const step = later(deps);
  const rightEnds = deps.config.holdPayoutForCancellation
    ? cancellableUntil(funded, deps.config.cancellationRightSeconds)
    : null;
  const availableAt = rightEnds && rightEnds > step ? rightEnds : step;
  return enqueue(trx, { topic: PAYOUT_SUBMIT, payload: { transfer_id: funded.id }, availableAt }, deps.clock);
}

function enqueueCheck(db: AppDeps['db'] | Trx, deps: AppDeps, transferId: string): Promise<string> {
  return enqueue(
    db,
    { topic: PAYOUT_CHECK, payload: { transfer_id: transferId }, availableAt: later(deps) },
    deps.clock,
  );
}

/** With a partner report, in its transaction: a transfer still SENT is asked about again a step later. */
function checkWhileSent(deps: AppDeps) {
  return async (trx: Trx, transfer: TransferRow) => {
    if (transfer.status === 'SENT') await enqueueCheck(trx, deps, transfer.id);
  };
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
    payoutDetails: transfer.payout_details ?? recipient.fields,
  };
}

/**
 * PENDING → SENT once the partner has the order (its submit is idempotent on
 * our reference and the event's key). An order placed for a transfer the
 * customer recalled meanwhile is recalled at the partner too.
 */
export const submitPayout: OutboxHandler = async (payload, { deps, idempotencyKey }) => {
  assert(payload, TransferPayload);
  const transfer = await transferById(deps.db, payload.transfer_id);
  if (transfer?.status !== 'PENDING') return;
  const order = await payoutOrder(deps, transfer);
  const { partnerReference } = await deps.providers.payoutPartner.submit(order, { idempotencyKey });
  const accepted = { id: `accepted:${partnerReference}`, status: 'SENT', reason: null } as const;
  const { transfer: now } = await applyPartnerReport(
    deps,
    transfer.id,
    partnerReference,
    accepted,
    checkWhileSent(deps),
  );
  if (now.status === 'CLOSED' && now.close_reason === 'recalled') {
    await deps.providers.payoutPartner.cancel(partnerReference);
  }
};

/** Ask the partner where a SENT transfer stands and reconcile its report; ask again later while it is still SENT. */
export const checkPayout: OutboxHandler = async (payload, { deps }) => {
  assert(payload, TransferPayload);
  const transfer = await transferById(deps.db, payload.transfer_id);
  if (transfer) await reconcilePayout(deps, transfer);
};

/**
 * Reconcile a SENT transfer with the partner's report now (the check job, or
 * a partner's webhook saying it moved); a transfer past SENT is left alone.
 */
export async function reconcilePayout(deps: AppDeps, transfer: TransferRow): Promise<void> {
  if (transfer.status !== 'SENT' || transfer.partner_reference === null) return;
  const report = await deps.providers.payoutPartner.status(transfer.partner_reference);
  await applyPartnerReport(deps, transfer.id, transfer.partner_reference, report, checkWhileSent(deps));
}
