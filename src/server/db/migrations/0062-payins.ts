import { type Kysely, sql } from 'kysely';

/**
 * One pay-in lifecycle: a transfer's card or bank-link payments (`payments`)
 * and a wallet's top-ups (`top_ups`) were two tables of the same shape, each
 * with its own copy of the lifecycle. Both become rows of `payins`, told
 * apart by `purpose`, with every row, id and status kept; the outbox events
 * still waiting for them move to the one set of topics (`payin.*`), so an
 * attempt left open across the upgrade is still reconciled, voided or
 * watched for a late bank settlement.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table payins (
    id text primary key,
    seq bigint generated always as identity,
    purpose text not null check (purpose in ('transfer', 'top_up')),
    customer_id text not null references customers (id),
    transfer_id text references transfers (id),
    reference text not null,
    idempotency_key text not null,
    request_hash text,
    method text not null default 'card',
    card_token text,
    status text not null
      check (status in ('PROCESSING', 'WAITING', 'APPROVED', 'DECLINED', 'ABANDONED', 'VOIDED')),
    code text,
    gateway_payment_id text,
    bank_payment_id text,
    challenge_url text,
    card_brand text,
    card_last4 text,
    amount int8 not null check (amount > 0),
    currency char(3) not null,
    billing_address jsonb,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null,
    constraint payins_transfer_check check ((purpose = 'transfer') = (transfer_id is not null)),
    constraint payins_method_check check (
      (method = 'card' and card_token is not null and bank_payment_id is null)
      or (method = 'bank_link' and card_token is null))
  )`.execute(db);
  // The customer's key makes one payment per transfer, one top-up per customer.
  await sql`create unique index payins_transfer_key on payins (transfer_id, idempotency_key)
    where purpose = 'transfer'`.execute(db);
  await sql`create unique index payins_top_up_key on payins (customer_id, idempotency_key)
    where purpose = 'top_up'`.execute(db);
  // At most one attempt in flight per transfer: two cards can never both be charged for it.
  await sql`create unique index payins_open_transfer on payins (transfer_id)
    where purpose = 'transfer' and status in ('PROCESSING', 'WAITING')`.execute(db);
  await sql`create index payins_transfer_idx on payins (transfer_id, seq desc) where purpose = 'transfer'`.execute(db);
  await sql`create index payins_gateway_payment_idx on payins (gateway_payment_id)
    where gateway_payment_id is not null`.execute(db);

  await sql`insert into payins (id, purpose, customer_id, transfer_id, reference, idempotency_key, request_hash,
      method, card_token, status, code, gateway_payment_id, bank_payment_id, challenge_url, card_brand, card_last4,
      amount, currency, billing_address, created_at, updated_at)
    select p.id, 'transfer', t.customer_id, p.transfer_id, t.trans_ref, p.idempotency_key, p.request_hash,
      p.method, p.card_token, p.status, p.code, p.gateway_payment_id, p.bank_payment_id, p.challenge_url,
      p.card_brand, p.card_last4, p.amount, p.currency, p.billing_address, p.created_at, p.updated_at
    from payments p join transfers t on t.id = p.transfer_id
    order by p.seq`.execute(db);
  await sql`insert into payins (id, purpose, customer_id, transfer_id, reference, idempotency_key, request_hash,
      method, card_token, status, code, gateway_payment_id, bank_payment_id, challenge_url, card_brand, card_last4,
      amount, currency, created_at, updated_at)
    select id, 'top_up', customer_id, null, id, idempotency_key, request_hash,
      method, card_token, status, code, gateway_payment_id, bank_payment_id, challenge_url, card_brand, card_last4,
      amount, currency, created_at, updated_at
    from top_ups
    order by created_at, id`.execute(db);

  const topics: [string, string, string][] = [
    ['payment.reconcile', 'payin.reconcile', 'payment_id'],
    ['payment.void', 'payin.void', 'payment_id'],
    ['payment.late-settlement', 'payin.late-settlement', 'payment_id'],
    ['top-up.reconcile', 'payin.reconcile', 'top_up_id'],
    ['top-up.void', 'payin.void', 'top_up_id'],
    ['top-up.late-settlement', 'payin.late-settlement', 'top_up_id'],
  ];
  for (const [from, to, field] of topics) {
    await sql`update outbox_events
      set topic = ${to}, payload = jsonb_build_object('payin_id', payload ->> ${field})
      where topic = ${from} and status = 'pending'`.execute(db);
  }

  await db.schema.dropTable('payments').execute();
  await db.schema.dropTable('top_ups').execute();
}
