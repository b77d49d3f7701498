import { randomBytes } from 'node:crypto';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/connection.ts';
import type { ProviderCall } from '../provider-call.ts';
import type { PayoutOrder, PayoutPartner } from './payout-partner.ts';

/**
 * Magic value (README): an order whose recipient's last name is "Reject"
 * (any letter case) is rejected by the partner instead of paid.
 */
export const REJECTED_LAST_NAME = 'reject';

/**
 * The sandbox payout partner. It accepts every order at once (SENT), then,
 * `stepSeconds` after submission by the clock, reports it PAID, or REJECTED
 * for the magic recipient name. Its orders are the sandbox_payouts table.
 */
export function sandboxPayoutPartner(db: Db, clock: Clock, stepSeconds: number): PayoutPartner {
  return {
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
      const row = await db
        .selectFrom('sandbox_payouts')
        .select(['outcome', 'submitted_at'])
        .where('id', '=', partnerReference)
        .executeTakeFirst();
      if (!row) throw new Error(`the sandbox payout partner has no order ${partnerReference}`);
      const due = row.submitted_at.getTime() + stepSeconds * 1000;
      if (clock.now().getTime() < due) return 'SENT';
      return row.outcome === 'reject' ? 'REJECTED' : 'PAID';
    },
  };
}
