import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../src/server/db/connection.ts';
import { migrations } from '../../../src/server/db/migrations/index.ts';
import { createTestDatabase, DATABASE_KINDS } from '../../support/databases.ts';

const AT = '2026-01-15T10:00:00Z';

/** Every amount column beside its currency, as the database holds it (bigint), for before/after comparison. */
async function snapshot(handle: DatabaseHandle) {
  const db = handle.db;
  return {
    corridors: await db.selectFrom('corridors').selectAll().orderBy('id').execute(),
    transfers: await db
      .selectFrom('transfers')
      .select(['id', 'source_currency', 'dest_currency', 'send_amount', 'fee', 'total', 'receive_amount', 'rate'])
      .orderBy('id')
      .execute(),
    postings: await db
      .selectFrom('ledger_postings')
      .select(['account_id', 'currency', 'amount', 'balance_after'])
      .orderBy('id')
      .execute(),
    accounts: await db.selectFrom('ledger_accounts').select(['id', 'currency', 'balance']).orderBy('id').execute(),
    payins: await db.selectFrom('payins').select(['id', 'amount', 'currency']).orderBy('id').execute(),
    payouts: await db.selectFrom('sandbox_payouts').select(['id', 'amount', 'currency']).orderBy('id').execute(),
  };
}

/**
 * Migration 0074: an amount stored while SOS and PKR had no minor unit (the
 * runtime's locale data) counts ISO 4217 minor units afterwards (×100), in
 * every table; every amount in any other currency is left exactly as it was.
 */
describe.each(DATABASE_KINDS)('migration 0074 (ISO 4217 exponents) on %s', (kind) => {
  let handle: DatabaseHandle;
  let before: Awaited<ReturnType<typeof snapshot>>;
  const migrator = () => new Migrator({ db: handle.db, provider: { getMigrations: async () => migrations } });

  beforeAll(async () => {
    handle = await createTestDatabase(kind, { migrated: false });
    const upTo = await migrator().migrateTo('0064-message-delivery-reports');
    if (upTo.error) throw upTo.error;
    const db = handle.db;
    await sql`insert into customers (id, email, password_hash, country, created_at)
      values ('cus_1', 'amina@example.test', 'x', 'GB', ${AT})`.execute(db);
    await sql`insert into corridors (id, source_country_iso2, source_currency, destination_country_iso2,
        destination_currency, payout_type, is_default_payout_type, min_send_amount, max_send_amount,
        min_destination_amount, max_destination_amount, fx_margin_bps, fee_schedule, payout_provider_name,
        delivery_hours)
      values ('cor_test_so_sos', 'GB', 'GBP', 'SO', 'SOS', 'wallet', false, 1000, 200000, 5000, 1000000, 150,
        '[{"up_to": "10000", "fixed": "199", "bps": "0"}, {"up_to": null, "fixed": "99", "bps": "40"}]',
        'sandbox-mobile-money', 1)`.execute(db);
    await sql`set session_replication_role = replica`.execute(db); // quotes and recipients are beside the point
    for (const [id, dest, receive] of [
      ['tr_sos', 'SOS', 57100],
      ['tr_kes', 'KES', 1599325],
    ] as const) {
      await sql`insert into transfers (id, trans_ref, customer_id, quote_id, beneficiary_id, idempotency_key,
          request_hash, status, purpose, send_country, destination_country, source_currency, dest_currency,
          send_amount, fee, total, receive_amount, rate, payout_type, payout_provider_name, beneficiary_name,
          created_at, updated_at)
        values (${id}, ${`SR${id}`}, 'cus_1', ${`quo_${id}`}, 'ben_1', ${`key-${id}`}, 'h', 'PENDING', 'family_support',
          'GB', 'SO', 'GBP', ${dest}, 10000, 199, 10199, ${receive}, '571', 'wallet', 'sandbox-mobile-money',
          'Hodan Ali', ${AT}, ${AT})`.execute(db);
    }
    await sql`insert into sandbox_payouts (id, reference, amount, currency, destination_country, payout_type,
        recipient_name, outcome, submitted_at)
      values ('spo_sos', 'SRtr_sos', 57100, 'SOS', 'SO', 'wallet', 'Hodan Ali', 'pay', ${AT}),
        ('spo_kes', 'SRtr_kes', 1599325, 'KES', 'KE', 'mobile', 'Wanjiru Kamau', 'pay', ${AT})`.execute(db);
    await sql`set session_replication_role = default`.execute(db);
    await sql`insert into ledger_accounts (id, owner, kind, currency, balance, created_at) values
        ('acc_sos_payout', 'platform', 'payout_clearing', 'SOS', -57100, ${AT}),
        ('acc_sos_partner', 'platform', 'partner_payable', 'SOS', 57100, ${AT}),
        ('acc_gbp', 'cus_1', 'customer_wallet', 'GBP', 10199, ${AT})`.execute(db);
    await sql`insert into ledger_transactions (id, idempotency_key, request_hash, kind, reference, created_at)
      values ('ltx_1', 'payout:tr_sos', 'h', 'payout', 'tr_sos', ${AT})`.execute(db);
    await sql`insert into ledger_postings (transaction_id, account_id, currency, amount, balance_after, created_at)
      values ('ltx_1', 'acc_sos_payout', 'SOS', -57100, -57100, ${AT}),
        ('ltx_1', 'acc_sos_partner', 'SOS', 57100, 57100, ${AT})`.execute(db);
    before = await snapshot(handle);
    // up to the migration under test: the seed's transfers name no quote (their foreign keys were set aside above),
    // which a later migration that updates them in the same transaction would have checked
    const after = await migrator().migrateTo('0074-iso-currency-exponents');
    if (after.error) throw after.error;
  });
  afterAll(() => handle.close());

  it('turns SOS whole shillings into ISO minor units everywhere they are stored', async () => {
    const after = await snapshot(handle);
    expect(after.transfers.find((t) => t.id === 'tr_sos')).toMatchObject({ receive_amount: 5710000n, rate: '571' });
    expect(after.payouts.find((p) => p.id === 'spo_sos')).toMatchObject({ amount: 5710000n });
    expect(after.postings).toEqual([
      { account_id: 'acc_sos_payout', currency: 'SOS', amount: -5710000n, balance_after: -5710000n },
      { account_id: 'acc_sos_partner', currency: 'SOS', amount: 5710000n, balance_after: 5710000n },
    ]);
    expect(after.accounts.filter((a) => a.currency === 'SOS').map((a) => a.balance)).toEqual([5710000n, -5710000n]);
    const corridor = after.corridors.find((c) => c.id === 'cor_test_so_sos');
    // the receive limits are shillings (×100); the send side and its fees are pence and stay as they were
    expect(corridor).toMatchObject({
      min_destination_amount: 500000n,
      max_destination_amount: 100000000n,
      min_send_amount: 1000n,
      max_send_amount: 200000n,
      fee_schedule: [
        { up_to: '10000', fixed: '199', bps: '0' },
        { up_to: null, fixed: '99', bps: '40' },
      ],
    });
  });

  it('turns the seeded Pakistan corridors’ rupee limits into paisa', async () => {
    const after = await snapshot(handle);
    const pkBank = (rows: typeof after.corridors) => rows.find((c) => c.id === 'cor_gb_pk_bank');
    expect(pkBank(before.corridors)).toMatchObject({ min_destination_amount: 1000n, max_destination_amount: 5000000n });
    expect(pkBank(after.corridors)).toMatchObject({
      min_destination_amount: 100000n,
      max_destination_amount: 500000000n,
      min_send_amount: pkBank(before.corridors)?.min_send_amount,
      fee_schedule: pkBank(before.corridors)?.fee_schedule,
    });
  });

  it('changes nothing held in any other currency', async () => {
    const after = await snapshot(handle);
    const untouched = (rows: { currency?: string; dest_currency?: string; destination_currency?: string }[]) =>
      rows.filter((r) => !['SOS', 'PKR'].includes(r.currency ?? r.dest_currency ?? r.destination_currency ?? ''));
    expect(untouched(after.corridors)).toEqual(untouched(before.corridors));
    expect(untouched(after.corridors).length).toBeGreaterThan(100);
    expect(untouched(after.transfers)).toEqual(untouched(before.transfers));
    expect(untouched(after.transfers)).toHaveLength(1);
    expect(after.transfers.find((t) => t.id === 'tr_sos')).toMatchObject({ send_amount: 10000n, fee: 199n });
    expect(untouched(after.accounts)).toEqual(untouched(before.accounts));
    expect(untouched(after.payouts)).toEqual([{ id: 'spo_kes', amount: 1599325n, currency: 'KES' }]);
  });
});
