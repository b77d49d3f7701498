import type { Transaction } from 'kysely';
import { partnerMoves } from '../../../domain/transfers.ts';
import type { Database } from '../../db/schema.ts';
import type { TransferRow } from '../../db/tables/transfers.ts';
import type { AppDeps } from '../../http/app-env.ts';
import type { PayoutReport } from '../../providers/payout-partner/payout-partner.ts';
import { lateFeeDue, recordLateFeeRefund } from './late-fee-refund.ts';
import { tellRecipient } from './recipient-sms.ts';
import { postPayout } from './transfer-postings.ts';
import { lockTransfer, recordTransition } from './transfer-records.ts';
import { refundTransfer } from './transfer-refunds.ts';

/**
 * Reconcile one report of the payout partner with a transfer, never trusting
 * it blindly: under the transfer's row lock, the report is kept once (its id
 * is unique per transfer, so the same report again changes nothing), and the
 * domain decides what it moves (partnerMoves): a late SENT after PAID, or a
 * report on a closed transfer, moves nothing; PAID before SENT was seen walks
 * through SENT. Answers the transfer as it stands and how many moves the
 * report made (0 for a repeat). `then` runs in the same transaction, with
 * the transfer as the report left it (to queue the next check).
 */
export async function applyPartnerReport(
  deps: AppDeps,
  transferId: string,
  partnerReference: string,
  report: PayoutReport,
  then?: (trx: Transaction<Database>, transfer: TransferRow) => Promise<unknown>,
): Promise<{ transfer: TransferRow; moves: number }> {
  return deps.db.transaction().execute(async (trx) => {
    let transfer = await lockTransfer(trx, transferId);
    const now = deps.clock.now();
    const kept = await trx
      .insertInto('payout_partner_events')
      .values({
        transfer_id: transferId,
        partner_event_id: report.id,
        status: report.status,
        reason: report.reason,
        received_at: now,
        moves: 0,
      })
      .onConflict((oc) => oc.columns(['transfer_id', 'partner_event_id']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!kept) {
      await then?.(trx, transfer);
      return { transfer, moves: 0 };
    }
    const moves = partnerMoves(transfer.status, report.status);
    for (const event of moves) {
      if (event === 'partner_accepted') {
        transfer = await recordTransition(trx, deps.clock, transfer, event, { partner_reference: partnerReference });
        await tellRecipient(trx, deps.clock, transfer);
      } else if (event === 'partner_paid') {
        transfer = await recordTransition(trx, deps.clock, transfer, event, { paid_at: now });
        const lateFeeRefund = lateFeeDue(transfer);
        await postPayout(trx, transfer, now, { lateFeeRefund });
        await tellRecipient(trx, deps.clock, transfer);
        if (lateFeeRefund) transfer = await recordLateFeeRefund(trx, deps.clock, transfer);
      } else {
        transfer = await recordTransition(
          trx,
          deps.clock,
          transfer,
          event,
          {},
          { reason: report.reason ?? 'partner_refused', refundTo: 'wallet' },
        );
        await refundTransfer(trx, deps, transfer, now);
      }
    }
    if (moves.length === 0 && report.status !== transfer.status && transfer.status !== 'CLOSED') {
      deps.logger.warn(
        { transferId, status: transfer.status, reported: report.status },
        'payout partner report does not match the transfer; ignored',
      );
    }
    await trx.updateTable('payout_partner_events').set({ moves: moves.length }).where('id', '=', kept.id).execute();
    await then?.(trx, transfer);
    return { transfer, moves: moves.length };
  });
}
