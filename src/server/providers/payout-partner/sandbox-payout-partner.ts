import { randomBytes } from 'node:crypto';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/connection.ts';
import type { ProviderCall } from '../provider-call.ts';
import type { PayoutOrder, PayoutPartner, PayoutReport } from './payout-partner.ts';

/**
 * Magic value (README): an order whose recipient's last name is "Reject"
 * (any letter case) is rejected by the partner instead of paid.
 */
export const REJECTED_LAST_NAME = 'reject';

/**
 * The sandbox payout partner. It accepts every order at once (SENT), then,
 * `stepSeconds` after submission (or after its details were last amended) by
 * the clock, reports it PAID, or REJECTED for the magic recipient name, as
 * not matching the recipient's details. An order recalled before then is
 * CANCELLED. It delivers every payout type everywhere. Its orders are the
 * sandbox_payouts table.
 */
export function sandboxPayoutPartner(db: Db, clock: Clock, stepSeconds: number): PayoutPartner {
  return {
    delivers: () => true,

    async submit(order: PayoutOrder, { idempotencyKey }: ProviderCall) {
      const earlier = await db
        .selectFrom('sandbox_payouts')
        .select(['id', 'reference'])
        .where('idempotency_key', '=', idempotencyKey)
        .executeTakeFirst();
      if (earlier && earlier.reference !== order.reference) {
        throw new Error('the sandbox payout partner already took this idempotency key for another order');
      }
      if (earlier) return { partnerReference: earlier.id };
      const outcome = order.recipient.lastName.trim().toLowerCase() === REJECTED_LAST_NAME ? 'reject' : 'pay';
      const recipientName = [order.recipient.firstName, order.recipient.middleName, order.recipient.lastName]
        .filter(Boolean)
        .join(' ');
      await db
        .insertInto('sandbox_payouts')
        .values({
          id: `spo_${randomBytes(12).toString('base64url')}`,
          reference: order.reference,
          amount: order.amount,
          currency: order.currency,
          destination_country: order.destinationCountry,
          payout_type: order.payoutType,
          recipient_name: recipientName,
          outcome,
          idempotency_key: idempotencyKey,
          submitted_at: clock.now(),
          cancelled_at: null,
          amended_at: null,
          payout_details: JSON.stringify(order.payoutDetails),
        })
        .onConflict((oc) => oc.doNothing())
        .execute();
      const row = await db
        .selectFrom('sandbox_payouts')
        .select('id')
        .where('reference', '=', order.reference)
        .executeTakeFirstOrThrow();
      return { partnerReference: row.id };
    },

    async status(partnerReference) {
      const row = await order(partnerReference);
      return reportOf(partnerReference, row.cancelled_at !== null ? 'CANCELLED' : outcomeBy(row));
    },

    async cancel(partnerReference) {
      const row = await order(partnerReference);
      if (row.cancelled_at !== null) return 'cancelled';
      if (outcomeBy(row) !== 'SENT') return 'too_late';
      await db
        .updateTable('sandbox_payouts')
        .set({ cancelled_at: clock.now() })
        .where('id', '=', partnerReference)
        .execute();
      return 'cancelled';
    },

    async amend(partnerReference, payoutDetails) {
      const row = await order(partnerReference);
      if (row.cancelled_at !== null || outcomeBy(row) !== 'SENT') return false;
      await db
        .updateTable('sandbox_payouts')
        .set({ amended_at: clock.now(), payout_details: JSON.stringify(payoutDetails) })
        .where('id', '=', partnerReference)
        .execute();
      return true;
    },
  };

  async function order(partnerReference: string) {
    const row = await db
      .selectFrom('sandbox_payouts')
      .select(['outcome', 'submitted_at', 'cancelled_at', 'amended_at'])
      .where('id', '=', partnerReference)
      .executeTakeFirst();
    if (!row) throw new Error(`the sandbox payout partner has no order ${partnerReference}`);
    return row;
  }

  /** Where an order stands by the clock: a step after it was submitted or last amended. */
  function outcomeBy(row: { outcome: 'pay' | 'reject'; submitted_at: Date; amended_at: Date | null }) {
    const due = (row.amended_at ?? row.submitted_at).getTime() + stepSeconds * 1000;
    if (clock.now().getTime() < due) return 'SENT';
    return row.outcome === 'reject' ? 'REJECTED' : 'PAID';
  }
}

function reportOf(partnerReference: string, status: PayoutReport['status']): PayoutReport {
  return {
    id: `${partnerReference}:${status}`,
    status,
    reason: status === 'REJECTED' ? 'recipient_details_mismatch' : null,
  };
}
