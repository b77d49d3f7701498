import type { Transfer, TransferSummary } from '../../../domain/contract/transfers.ts';
import { promisedBy } from '../../../domain/delivery-promise.ts';
import { formatMinor } from '../../../domain/money.ts';
import { payoutDetailFields } from '../../../domain/payout-details.ts';
import { cancellableUntil, statusLabel } from '../../../domain/transfers.ts';
import type { Db } from '../../db/connection.ts';
import type { TransferRow } from '../../db/tables/transfers.ts';
import type { AppDeps } from '../../http/app-env.ts';
import { approvedTransferPayin } from '../../payins/payin-records.ts';
import { findCorridorSchema } from '../beneficiaries/schemas/catalogue.ts';
import { bankTransferInstructions } from './collection-accounts.ts';
import { transferById } from './transfer-records.ts';

export function transferSummaryView(row: TransferRow): TransferSummary {
  const src = row.source_currency;
  return {
    trans_ref: row.trans_ref,
    status: row.status,
    status_label: statusLabel(row.status, row.payout_type, row.close_reason),
    close_reason: row.close_reason,
    refund_to: row.refund_to,
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

/** Whether the payout details can still be corrected: paid for, and not yet paid out or closed. */
export function payoutDetailsChangeable(row: TransferRow): boolean {
  return row.status === 'PENDING' || row.status === 'SENT';
}

/** The ids a transfer's details are read by: none of them changes after the transfer is created. */
type TransferKeys = Pick<TransferRow, 'id' | 'quote_id' | 'beneficiary_id' | 'customer_id'>;

function recipientOf(db: Db, transfer: TransferKeys) {
  return db
    .selectFrom('beneficiaries')
    .select(['first_name', 'middle_name', 'last_name', 'fields', 'payout_label'])
    .where('id', '=', transfer.beneficiary_id)
    .where('customer_id', '=', transfer.customer_id)
    .executeTakeFirstOrThrow();
}

type Recipient = Awaited<ReturnType<typeof recipientOf>>;

interface TransferPayout {
  names: Record<string, string>;
  values: Record<string, string>;
  label: string;
}

function payoutOf(transfer: TransferRow, recipient: Recipient): TransferPayout {
  const names: Record<string, string> = { first_name: recipient.first_name, last_name: recipient.last_name };
  if (recipient.middle_name !== null) names.middle_name = recipient.middle_name;
  return {
    names,
    values: transfer.payout_details ?? recipient.fields,
    label: transfer.payout_label ?? recipient.payout_label,
  };
}

/** Who the transfer pays and where, as it stands: its corrected payout values, else the recipient's as saved. */
export async function transferPayout(db: Db, transfer: TransferRow): Promise<TransferPayout> {
  return payoutOf(transfer, await recipientOf(db, transfer));
}

/** The transfer's history, oldest first: read by its own index (migration 0088), as often as the transfer is shown. */
export function transferHistory(db: Db, transferId: string) {
  return db
    .selectFrom('transfer_events')
    .select(['status', 'event', 'actor', 'reason', 'refund_to', 'at'])
    .where('transfer_id', '=', transferId)
    .orderBy('id');
}

/** What a transfer's details read besides its row, all at once: by its ids alone. */
function detailReads(db: Db, transfer: TransferKeys) {
  return Promise.all([
    transferHistory(db, transfer.id).execute(),
    db
      .selectFrom('quotes')
      .select(['expires_at', 'promo_code'])
      .where('id', '=', transfer.quote_id)
      .executeTakeFirstOrThrow(),
    approvedTransferPayin(db, transfer.id),
    recipientOf(db, transfer),
  ]);
}

/** The transfer with its history, its quote's expiry, the card that paid and the customer's rights, read fresh. */
export async function transferDetails(
  deps: Pick<AppDeps, 'db' | 'config' | 'clock'>,
  row: TransferRow,
): Promise<Transfer> {
  return detailsView(deps, row, await detailReads(deps.db, row));
}

/**
 * The details of a transfer as it now stands, for a caller holding an earlier
 * copy of its row: the row is read again beside the rest, not before it.
 */
export async function currentTransferDetails(
  deps: Pick<AppDeps, 'db' | 'config' | 'clock'>,
  earlier: TransferKeys,
): Promise<Transfer> {
  const [row, reads] = await Promise.all([transferById(deps.db, earlier.id), detailReads(deps.db, earlier)]);
  if (!row) throw new Error(`transfer ${earlier.id} is gone`);
  return detailsView(deps, row, reads);
}

function detailsView(
  deps: Pick<AppDeps, 'config' | 'clock'>,
  row: TransferRow,
  [events, quote, card, recipient]: Awaited<ReturnType<typeof detailReads>>,
): Transfer {
  const payout = payoutOf(row, recipient);
  const corridor = findCorridorSchema(row.destination_country, row.payout_type, row.dest_currency);
  const detailNames = payoutDetailFields(corridor?.schema.fields ?? []).map((field) => field.name);
  const until = cancellableUntil(row, deps.config.cancellationRightSeconds);
  return {
    ...transferSummaryView(row),
    quote_expiration_time: quote.expires_at.toISOString(),
    promo_code: quote.promo_code,
    events: events.map((e) => ({ ...e, at: e.at.toISOString() })),
    paid_with: card?.card_brand && card.card_last4 ? { brand: card.card_brand, last4: card.card_last4 } : null,
    cancellable_until: until && until > deps.clock.now() ? until.toISOString() : null,
    // a card payout has no detail to correct in transit: a new card is a change of recipient
    payout_details_changeable: payoutDetailsChangeable(row) && detailNames.length > 0,
    bank_transfer: bankTransferInstructions(row),
    payout_label: payout.label,
    delivery_promise: {
      hours: row.promised_hours,
      promised_by: row.funded_at ? promisedBy(row.funded_at, row.promised_hours).toISOString() : null,
      fee_refunded_at: row.late_fee_refunded_at?.toISOString() ?? null,
    },
    payout_details: Object.fromEntries(
      detailNames.flatMap((name) => (payout.values[name] === undefined ? [] : [[name, payout.values[name]]])),
    ),
  };
}
