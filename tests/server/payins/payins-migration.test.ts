import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../src/server/db/connection.ts';
import { migrations } from '../../../src/server/db/migrations/index.ts';
import { createTestDatabase, DATABASE_KINDS } from '../../support/databases.ts';

const AT = '2026-01-15T10:00:00Z';

/**
 * Migration 0062 moves a database with card payments and top-ups in flight
 * onto the one pay-in table: every row with its id, status and provider ids,
 * and the outbox events still waiting on them onto the payin.* topics, so an
 * attempt left open across the upgrade is still reconciled.
 */
describe.each(DATABASE_KINDS)('migration 0062 (payins) on %s', (kind) => {
  let handle: DatabaseHandle;
  const migrator = () => new Migrator({ db: handle.db, provider: { getMigrations: async () => migrations } });

  beforeAll(async () => {
    handle = await createTestDatabase(kind, { migrated: false });
    const before = await migrator().migrateTo('0061-session-change-notify');
    if (before.error) throw before.error;
    const db = handle.db;
    await sql`insert into customers (id, email, password_hash, country, created_at)
      values ('cus_1', 'amina@example.test', 'x', 'GB', ${AT})`.execute(db);
    await sql`set session_replication_role = replica`.execute(db); // the transfer's quote and recipient are beside the point
    await sql`insert into transfers (id, trans_ref, customer_id, quote_id, beneficiary_id, idempotency_key,
        request_hash, status, purpose, send_country, destination_country, source_currency, dest_currency,
        send_amount, fee, total, receive_amount, rate, payout_type, payout_provider_name, beneficiary_name,
        created_at, updated_at)
      values ('tr_1', 'SRTEST0001', 'cus_1', 'quo_1', 'ben_1', 'key-transfer', 'h', 'AWAITING', 'family_support',
        'GB', 'KE', 'GBP', 'KES', 10000, 199, 10199, 1599325, '159.9325', 'mobile', 'M-PESA', 'Wanjiru Kamau',
        ${AT}, ${AT})`.execute(db);
    await sql`set session_replication_role = default`.execute(db);
    await sql`insert into payments (id, transfer_id, idempotency_key, request_hash, card_token, status, code,
        gateway_payment_id, challenge_url, amount, currency, created_at, updated_at)
      values
        ('pmt_declined', 'tr_1', 'key-1', 'h1', 'tok_1', 'DECLINED', 'payment_was_declined_by_bank', 'gp_1', null,
          10199, 'GBP', ${AT}, ${AT}),
        ('pmt_waiting', 'tr_1', 'key-2', 'h2', 'tok_2', 'WAITING', null, 'gp_2', '/sandbox/3ds/gp_2',
          10199, 'GBP', ${AT}, ${AT})`.execute(db);
    await sql`insert into top_ups (id, customer_id, idempotency_key, request_hash, currency, amount, card_token,
        status, code, gateway_payment_id, challenge_url, method, bank_payment_id, created_at, updated_at)
      values ('tup_bank', 'cus_1', 'key-3', 'h3', 'EUR', 5000, null, 'ABANDONED', 'payment_was_not_authorised',
        null, null, 'bank_link', 'blp_1', ${AT}, ${AT})`.execute(db);
    await sql`insert into outbox_events (id, topic, payload, status, available_at, created_at) values
        ('evt_1', 'payment.reconcile', '{"payment_id": "pmt_waiting"}', 'pending', ${AT}, ${AT}),
        ('evt_2', 'top-up.late-settlement', '{"top_up_id": "tup_bank"}', 'pending', ${AT}, ${AT}),
        ('evt_3', 'payment.void', '{"payment_id": "pmt_declined"}', 'done', ${AT}, ${AT})`.execute(db);
    const after = await migrator().migrateToLatest();
    if (after.error) throw after.error;
  });
  afterAll(() => handle.close());

  it('keeps every payment and top-up as a pay-in, with its purpose, owner and reference', async () => {
    const rows = await handle.db
      .selectFrom('payins')
      .select(['id', 'purpose', 'customer_id', 'transfer_id', 'reference', 'idempotency_key', 'method', 'status'])
      .select(['code', 'gateway_payment_id', 'bank_payment_id', 'challenge_url', 'amount', 'currency'])
      .orderBy('seq')
      .execute();
    expect(rows).toEqual([
      {
        id: 'pmt_declined',
        purpose: 'transfer',
        customer_id: 'cus_1',
        transfer_id: 'tr_1',
        reference: 'SRTEST0001',
        idempotency_key: 'key-1',
        method: 'card',
        status: 'DECLINED',
        code: 'payment_was_declined_by_bank',
        gateway_payment_id: 'gp_1',
        bank_payment_id: null,
        challenge_url: null,
        amount: 10199n,
        currency: 'GBP',
      },
      {
        id: 'pmt_waiting',
        purpose: 'transfer',
        customer_id: 'cus_1',
        transfer_id: 'tr_1',
        reference: 'SRTEST0001',
        idempotency_key: 'key-2',
        method: 'card',
        status: 'WAITING',
        code: null,
        gateway_payment_id: 'gp_2',
        bank_payment_id: null,
        challenge_url: '/sandbox/3ds/gp_2',
        amount: 10199n,
        currency: 'GBP',
      },
      {
        id: 'tup_bank',
        purpose: 'top_up',
        customer_id: 'cus_1',
        transfer_id: null,
        reference: 'tup_bank',
        idempotency_key: 'key-3',
        method: 'bank_link',
        status: 'ABANDONED',
        code: 'payment_was_not_authorised',
        gateway_payment_id: null,
        bank_payment_id: 'blp_1',
        challenge_url: null,
        amount: 5000n,
        currency: 'EUR',
      },
    ]);
  });

  it('moves the pending outbox events onto the pay-in topics and leaves finished ones alone', async () => {
    const events = await handle.db
      .selectFrom('outbox_events')
      .select(['id', 'topic', 'payload'])
      .where('id', 'in', ['evt_1', 'evt_2', 'evt_3'])
      .orderBy('id')
      .execute();
    expect(events).toEqual([
      { id: 'evt_1', topic: 'payin.reconcile', payload: { payin_id: 'pmt_waiting' } },
      { id: 'evt_2', topic: 'payin.late-settlement', payload: { payin_id: 'tup_bank' } },
      { id: 'evt_3', topic: 'payment.void', payload: { payment_id: 'pmt_declined' } },
    ]);
  });

  it('keeps one open attempt per transfer and one row per key', async () => {
    const second = sql`insert into payins (id, purpose, customer_id, transfer_id, reference, idempotency_key,
        card_token, status, amount, currency, updated_at)
      values ('pmt_other', 'transfer', 'cus_1', 'tr_1', 'SRTEST0001', 'key-9', 'tok_9', 'PROCESSING', 10199, 'GBP',
        ${AT})`;
    await expect(second.execute(handle.db)).rejects.toThrow(/payins_open_transfer/);
    const sameKey = sql`insert into payins (id, purpose, customer_id, transfer_id, reference, idempotency_key,
        card_token, status, amount, currency, updated_at)
      values ('tup_again', 'top_up', 'cus_1', null, 'tup_again', 'key-3', 'tok_9', 'DECLINED', 100, 'EUR', ${AT})`;
    await expect(sameKey.execute(handle.db)).rejects.toThrow(/payins_top_up_key/);
  });
});
