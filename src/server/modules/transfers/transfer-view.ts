import type { Transfer, TransferSummary } from '../../../domain/contract/transfers.ts';
import { formatMinor } from '../../../domain/money.ts';
import { statusLabel } from '../../../domain/transfers.ts';
import type { Db } from '../../db/connection.ts';
import type { TransferRow } from '../../db/tables/transfers.ts';

export function transferSummaryView(row: TransferRow): TransferSummary {
  const src = row.source_currency;
  return {
    trans_ref: row.trans_ref,
    status: row.status,
    status_label: statusLabel(row.status, row.payout_type, row.close_reason),
    close_reason: row.close_reason,
    send_country: row.send_country,
    destination_country: row.destination_country,
    source_currency: src,
    dest_currency: row.dest_currency,
    send_amount: formatMinor(row.send_amount, src),
    fees: formatMinor(row.fee, src),
    total: formatMinor(row.total, src),
    receive_amount: formatMinor(row.receive_amount, row.dest_currency),
    rate: row.rate,
    trans_type: row.payout_type,
    purpose: row.purpose,
    payment_type: row.payment_type,
    beneficiary: { id: row.beneficiary_id, name: row.beneficiary_name },
    created_at: row.created_at.toISOString(),
    funded_at: row.funded_at?.toISOString() ?? null,
    paid_at: row.paid_at?.toISOString() ?? null,
  };
}

/** The transfer with its history and its quote's expiry, read fresh. */
export async function transferDetails(db: Db, row: TransferRow): Promise<Transfer> {
  const [events, quote] = await Promise.all([
    db.selectFrom('transfer_events').select(['status', 'at']).where('transfer_id', '=', row.id).orderBy('id').execute(),
    db
      .selectFrom('quotes')
      .select(['expires_at', 'promo_code'])
      .where('id', '=', row.quote_id)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    ...transferSummaryView(row),
    quote_expiration_time: quote.expires_at.toISOString(),
    promo_code: quote.promo_code,
    events: events.map((e) => ({ status: e.status, at: e.at.toISOString() })),
  };
}
