import { type Expression, type QueryCreator, sql } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { Transfer, TransferSummary } from '../../../domain/contract/transfers.ts';
import { promisedBy } from '../../../domain/delivery-promise.ts';
import { formatMinor } from '../../../domain/money.ts';
import { payoutDetailFields } from '../../../domain/payout-details.ts';
import { cancellableUntil, statusLabel } from '../../../domain/transfers.ts';
import type { Db } from '../../db/connection.ts';
import type { Database } from '../../db/schema.ts';
import type { TransferRow } from '../../db/tables/transfers.ts';
import type { AppDeps } from '../../http/app-env.ts';
import { findCorridorSchema } from '../beneficiaries/schemas/catalogue.ts';
import { bankTransferInstructions } from './collection-accounts.ts';

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

/**
 * The transfer's history, oldest first: read by its own index (migration 0088), as often as the transfer is shown.
 * Its times in epoch milliseconds, as they were written (a JavaScript date's precision): the history travels as
 * JSON inside the details' one statement, where a timestamp would be text in the session's time zone.
 */
export function transferHistory(db: QueryCreator<Database>, transferId: string | Expression<string>) {
  return db
    .selectFrom('transfer_events')
    .select(['status', 'event', 'actor', 'reason', 'refund_to'])
    .select(sql<number>`floor(extract(epoch from at) * 1000)::float8`.as('at_ms'))
    .where('transfer_id', '=', transferId)
    .orderBy('id');
}

/**
 * A transfer's row with everything its details show beside it, in one statement (one round trip, where five
 * reads side by side took five connections): its quote, its recipient, the card that paid it and its history.
 * Read by its id alone; no row when the transfer, its quote or its recipient is missing.
 */
export function transferDetailsQuery(db: Db, transferId: string) {
  return db
    .selectFrom('transfers as t')
    .innerJoin('quotes as q', 'q.id', 't.quote_id')
    .innerJoin('beneficiaries as b', (join) =>
      join.onRef('b.id', '=', 't.beneficiary_id').onRef('b.customer_id', '=', 't.customer_id'),
    )
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('payins')
          .select(['card_brand', 'card_last4'])
          .whereRef('payins.transfer_id', '=', 't.id')
          .where('payins.purpose', '=', 'transfer')
          .where('payins.status', '=', 'APPROVED')
          .limit(1)
          .as('paid'),
      (join) => join.onTrue(),
    )
    .selectAll('t')
    .select((eb) => [
      'q.expires_at as quote_expires_at',
      'q.promo_code as quote_promo_code',
      'b.first_name as recipient_first_name',
      'b.middle_name as recipient_middle_name',
      'b.last_name as recipient_last_name',
      'b.fields as recipient_fields',
      'b.payout_label as recipient_payout_label',
      'paid.card_brand as paid_card_brand',
      'paid.card_last4 as paid_card_last4',
      jsonArrayFrom(transferHistory(db, eb.ref('t.id'))).as('history'),
    ])
    .where('t.id', '=', transferId);
}

type DetailsRow = NonNullable<Awaited<ReturnType<ReturnType<typeof transferDetailsQuery>['executeTakeFirst']>>>;

async function readDetails(db: Db, transferId: string): Promise<DetailsRow> {
  const found = await transferDetailsQuery(db, transferId).executeTakeFirst();
  if (!found) throw new Error(`transfer ${transferId} is gone, or its quote or recipient is`);
  return found;
}

/** The transfer with its history, its quote's expiry, the card that paid and the customer's rights, as `row` stands. */
export async function transferDetails(
  deps: Pick<AppDeps, 'db' | 'config' | 'clock'>,
  row: TransferRow,
): Promise<Transfer> {
  return detailsView(deps, row, await readDetails(deps.db, row.id));
}

/**
 * The details of a transfer as it now stands, for a caller holding an earlier
 * copy of its row: the row is read again with the rest, in the same statement.
 */
export async function currentTransferDetails(
  deps: Pick<AppDeps, 'db' | 'config' | 'clock'>,
  earlier: TransferKeys,
): Promise<Transfer> {
  const details = await readDetails(deps.db, earlier.id);
  return detailsView(deps, rowOf(details), details);
}

/** The transfer's own columns of a details row. */
function rowOf({
  quote_expires_at,
  quote_promo_code,
  recipient_first_name,
  recipient_middle_name,
  recipient_last_name,
  recipient_fields,
  recipient_payout_label,
  paid_card_brand,
  paid_card_last4,
  history,
  ...row
}: DetailsRow): TransferRow {
  return row;
}

function detailsView(deps: Pick<AppDeps, 'config' | 'clock'>, row: TransferRow, details: DetailsRow): Transfer {
  const payout = payoutOf(row, {
    first_name: details.recipient_first_name,
    middle_name: details.recipient_middle_name,
    last_name: details.recipient_last_name,
    fields: details.recipient_fields,
    payout_label: details.recipient_payout_label,
  });
  const corridor = findCorridorSchema(row.destination_country, row.payout_type, row.dest_currency);
  const detailNames = payoutDetailFields(corridor?.schema.fields ?? []).map((field) => field.name);
  const until = cancellableUntil(row, deps.config.cancellationRightSeconds);
  const { paid_card_brand: brand, paid_card_last4: last4 } = details;
  return {
    ...transferSummaryView(row),
    quote_expiration_time: details.quote_expires_at.toISOString(),
    promo_code: details.quote_promo_code,
    events: details.history.map(({ at_ms, ...event }) => ({ ...event, at: new Date(at_ms).toISOString() })),
    paid_with: brand && last4 ? { brand, last4 } : null,
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
