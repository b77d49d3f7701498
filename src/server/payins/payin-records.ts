import { randomBytes } from 'node:crypto';
import type { Insertable, Transaction } from 'kysely';
import type { Db } from '../db/connection.ts';
import type { Database } from '../db/schema.ts';
import type { PayinRow, PayinStatus, PayinsTable } from '../db/tables/payins.ts';
import type { AppDeps } from '../http/app-env.ts';
import type { Idempotency } from '../http/idempotency.ts';
import { enqueuePayinReconcile } from './payin-jobs.ts';
import { PURPOSE_NAMING } from './payin-purposes.ts';

type Writer = Db | Transaction<Database>;

/** Pay-ins not yet answered for good; a transfer has at most one. */
export const OPEN_PAYINS: readonly PayinStatus[] = ['PROCESSING', 'WAITING'];

export function isOpen(payin: Pick<PayinRow, 'status'>): boolean {
  return OPEN_PAYINS.includes(payin.status);
}

export function payinById(db: Writer, payinId: string): Promise<PayinRow | undefined> {
  return db.selectFrom('payins').selectAll().where('id', '=', payinId).executeTakeFirst();
}

/** Which provider's payment id a return names: the card gateway's (a card check) or the bank-link provider's. */
export type PayinProvider = 'card' | 'bank_link';

/**
 * The customer's pay-in the card gateway or the bank-link provider knows as
 * `paymentId` (the card check's and the bank link's returns name it).
 */
export function payinByProviderPayment(
  db: Db,
  customerId: string,
  via: PayinProvider,
  paymentId: string,
): Promise<PayinRow | undefined> {
  return db
    .selectFrom('payins')
    .selectAll()
    .where(via === 'card' ? 'gateway_payment_id' : 'bank_payment_id', '=', paymentId)
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
}

/**
 * The payment the customer's key made of their transfer `transRef`, found by
 * the transfer's reference, so it can be read beside the transfer itself.
 */
export function transferPayinByReference(
  db: Db,
  customerId: string,
  transRef: string,
  key: string,
): Promise<PayinRow | undefined> {
  return db
    .selectFrom('payins')
    .innerJoin('transfers', 'transfers.id', 'payins.transfer_id')
    .selectAll('payins')
    .where('transfers.trans_ref', '=', transRef)
    .where('transfers.customer_id', '=', customerId)
    .where('payins.purpose', '=', 'transfer')
    .where('payins.idempotency_key', '=', key)
    .executeTakeFirst();
}

/** A top-up made under the customer's key. */
export function topUpPayinByKey(db: Db, customerId: string, key: string): Promise<PayinRow | undefined> {
  return db
    .selectFrom('payins')
    .selectAll()
    .where('purpose', '=', 'top_up')
    .where('customer_id', '=', customerId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}

/** The transfer's latest payment attempt. */
export function latestTransferPayin(db: Db, transferId: string): Promise<PayinRow | undefined> {
  return db
    .selectFrom('payins')
    .selectAll()
    .where('purpose', '=', 'transfer')
    .where('transfer_id', '=', transferId)
    .orderBy('seq', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The transfer's attempt in flight, if any. */
export function openTransferPayin(db: Writer, transferId: string): Promise<PayinRow | undefined> {
  return db
    .selectFrom('payins')
    .selectAll()
    .where('purpose', '=', 'transfer')
    .where('transfer_id', '=', transferId)
    .where('status', 'in', OPEN_PAYINS)
    .executeTakeFirst();
}

/** The transfer's approved payment: what paid it. */
export function approvedTransferPayin(db: Db, transferId: string): Promise<PayinRow | undefined> {
  return db
    .selectFrom('payins')
    .selectAll()
    .where('purpose', '=', 'transfer')
    .where('transfer_id', '=', transferId)
    .where('status', '=', 'APPROVED')
    .executeTakeFirst();
}

/** What a new pay-in says of itself; the rest is the lifecycle's. */
export type NewPayin = Pick<
  Insertable<PayinsTable>,
  | 'purpose'
  | 'customer_id'
  | 'transfer_id'
  | 'amount'
  | 'currency'
  | 'method'
  | 'card_token'
  | 'status'
  | 'code'
  | 'card_brand'
  | 'card_last4'
  | 'billing_address'
> & { reference?: string };

/** How a bank-link pay-in starts: no card, and the provider not yet asked. */
export const BANK_LINK_START = {
  method: 'bank_link',
  card_token: null,
  status: 'PROCESSING',
  code: null,
  card_brand: null,
  card_last4: null,
} as const satisfies Partial<NewPayin>;

/**
 * Record a new pay-in under the customer's key, in the caller's transaction.
 * Undefined when the key already has one (a concurrent retry won). One still
 * PROCESSING is reconciled by the outbox if nobody comes back for it. A top-up
 * is its own reference.
 */
export async function insertPayin(
  trx: Transaction<Database>,
  deps: AppDeps,
  idempotency: Idempotency,
  values: NewPayin,
): Promise<PayinRow | undefined> {
  const now = deps.clock.now();
  const id = `${PURPOSE_NAMING[values.purpose].idPrefix}_${randomBytes(16).toString('base64url')}`;
  const keyColumns = values.purpose === 'transfer' ? (['transfer_id'] as const) : (['customer_id'] as const);
  const created = await trx
    .insertInto('payins')
    .values({
      id,
      idempotency_key: idempotency.key,
      request_hash: idempotency.requestHash,
      gateway_payment_id: null,
      bank_payment_id: null,
      challenge_url: null,
      created_at: now,
      updated_at: now,
      ...values,
      reference: values.reference ?? id,
    })
    .onConflict((oc) =>
      oc
        .columns([...keyColumns, 'idempotency_key'])
        .where('purpose', '=', values.purpose)
        .doNothing(),
    )
    .returningAll()
    .executeTakeFirst();
  if (created?.status === 'PROCESSING') await enqueuePayinReconcile(trx, deps, created.id);
  return created;
}
