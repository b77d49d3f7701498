import type { Transaction } from 'kysely';
import { RECIPIENT_DEPOSIT_SMS, RECIPIENT_PICKUP_SMS } from '../../../domain/message-texts.ts';
import { displayMoney } from '../../../domain/money.ts';
import { recipientMobile, recipientSmsLocale } from '../../../domain/recipient-sms.ts';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/schema.ts';
import type { TransferRow } from '../../db/tables/transfers.ts';
import { translate } from '../../i18n/catalogs.ts';
import { enqueueMessage } from '../../jobs/message-send-handler.ts';
import { findCorridorSchema } from '../beneficiaries/schemas/catalogue.ts';

type Trx = Transaction<Database>;

/** A collection point as the recipient finds it: name, address, city. */
async function collectionPoint(trx: Trx, country: string, code: string | undefined): Promise<string | undefined> {
  if (code === undefined) return undefined;
  const point = await trx
    .selectFrom('payout_collection_points')
    .select(['name', 'address', 'city'])
    .where('country_iso2', '=', country)
    .where('code', '=', code)
    .executeTakeFirst();
  return point ? `${point.name}, ${point.address}, ${point.city}` : undefined;
}

/**
 * The recipient in the loop: when the money of a transfer is there for them
 * (cash: ready to collect, in `moved`'s transaction as the partner accepts
 * it; every other payout: deposited, as it is paid out), a recipient the
 * customer opted in gets an SMS on the mobile number the transfer pays to,
 * through the outbox and the messaging provider, and the transfer's history
 * says so. Once per transfer: the history row is unique per transfer and
 * event, and the SMS is queued only with it.
 */
export async function tellRecipient(trx: Trx, clock: Clock, moved: TransferRow): Promise<void> {
  const cash = moved.payout_type === 'cash';
  const due = cash ? moved.status === 'SENT' : moved.status === 'PAID';
  if (!due) return;
  const recipient = await trx
    .selectFrom('beneficiaries')
    .select(['notify_by_sms', 'fields', 'payout_label'])
    .where('id', '=', moved.beneficiary_id)
    .where('customer_id', '=', moved.customer_id)
    .executeTakeFirstOrThrow();
  if (!recipient.notify_by_sms) return;
  const corridor = findCorridorSchema(moved.destination_country, moved.payout_type, moved.dest_currency);
  const values = moved.payout_details ?? recipient.fields;
  const to = corridor ? recipientMobile(corridor.schema.fields, values) : undefined;
  if (to === undefined) return;
  const point = cash ? await collectionPoint(trx, moved.destination_country, values.collection_point_code) : undefined;
  if (cash && point === undefined) return;

  const now = clock.now();
  const told = await trx
    .insertInto('transfer_events')
    .values({ transfer_id: moved.id, status: moved.status, event: 'recipient_told', actor: 'system', at: now })
    .onConflict((oc) =>
      oc.columns(['transfer_id', 'event']).where('event', 'in', ['late_fee_refunded', 'recipient_told']).doNothing(),
    )
    .returning('id')
    .executeTakeFirst();
  if (!told) return;

  const customer = await trx
    .selectFrom('customers')
    .select(['first_name', 'last_name'])
    .where('id', '=', moved.customer_id)
    .executeTakeFirstOrThrow();
  const locale = recipientSmsLocale(moved.destination_country);
  const texts = {
    sender: [customer.first_name, customer.last_name].filter(Boolean).join(' ') || 'Sarraf',
    amount: displayMoney(moved.receive_amount, moved.dest_currency, locale),
    ref: moved.trans_ref,
    point: point ?? '',
    account: moved.payout_label ?? recipient.payout_label,
  };
  await enqueueMessage(
    trx,
    {
      channel: 'sms',
      to,
      subject: null,
      locale,
      body: translate(locale, cash ? RECIPIENT_PICKUP_SMS : RECIPIENT_DEPOSIT_SMS, texts),
    },
    clock,
  );
}
