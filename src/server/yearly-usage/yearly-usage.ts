import { sql } from 'kysely';
import type { Minor } from '../../domain/money.ts';
import { FUNDED_STATUSES } from '../../domain/transfers.ts';
import type { Db } from '../db/connection.ts';

/**
 * What counts against the customer's yearly limit: the send amounts of the
 * transfers they paid for this calendar year (UTC) in `currency`, their
 * source country's, and were not refunded.
 */
export async function sentThisYear(db: Db, customerId: string, currency: string, now: Date): Promise<Minor> {
  const yearStart = new Date(Date.UTC(now.getUTCFullYear(), 0, 1));
  const row = await db
    .selectFrom('transfers')
    .select(sql<bigint>`coalesce(sum(send_amount), 0)::int8`.as('total'))
    .where('customer_id', '=', customerId)
    .where('source_currency', '=', currency)
    .where('status', 'in', FUNDED_STATUSES)
    .where('funded_at', '>=', yearStart)
    .executeTakeFirstOrThrow();
  return row.total;
}
