import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLATFORM_OWNER } from '../../../src/server/ledger/account-kinds.ts';
import { debitWallet } from '../../../src/server/modules/wallets/wallet-postings.ts';
import { DATABASE_KINDS } from '../../support/databases.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';
import { expectLedgerInvariants } from '../ledger/ledger-fixtures.ts';
import { execute, fund, holder, openWallet, quotedConversion, walletBalance } from './wallet-fixtures.ts';

/**
 * One wallet, more asked of it than it holds, all at once: 50 conversions
 * through the API and 50 payments through the wallet-debit service, each in
 * its own database transaction. The wallet ends at zero or above, every
 * success is exactly one ledger transaction, every refusal moved nothing.
 */
describe.each(DATABASE_KINDS)('50 parallel conversions and payments from one wallet on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('never takes the wallet below zero, and the ledger balances', async () => {
    const h = await holder(t);
    await fund(t, h.id, 'GBP', 100_00n);
    await openWallet(t, h, 'EUR');
    const conversion = await quotedConversion(t, h, 'GBP', 'EUR', '3.00');
    const payment = (n: number) =>
      t.deps.db.transaction().execute((trx) =>
        debitWallet(trx, {
          customerId: h.id,
          currency: 'GBP',
          credits: [{ to: { owner: PLATFORM_OWNER, kind: 'payout_clearing', currency: 'GBP' }, amount: 2_00n }],
          idempotencyKey: `race-payment:${h.id}:${n}`,
          kind: 'wallet_payment',
          reference: `race-${n}`,
        }),
      );

    const conversionCalls = Array.from({ length: 50 }, () => execute(t, h, conversion));
    const paymentCalls = Array.from({ length: 50 }, (_, n) => payment(n));
    const payments = await Promise.allSettled(paymentCalls);
    const conversions = (await Promise.all(conversionCalls)).map((res) => res.status);
    expect(conversions.every((status) => status === 201 || status === 422)).toBe(true);
    for (const r of payments) {
      if (r.status === 'rejected') expect((r.reason as { type?: string }).type).toBe('InsufficientFunds');
    }
    const converted = BigInt(conversions.filter((status) => status === 201).length);
    const paid = BigInt(payments.filter((r) => r.status === 'fulfilled').length);
    expect(converted + paid).toBeGreaterThan(0n);

    const gbp = await walletBalance(t, h.id, 'GBP');
    expect(gbp).toBe(100_00n - converted * 3_00n - paid * 2_00n);
    expect(gbp).toBeGreaterThanOrEqual(0n);
    expect(gbp).toBeLessThan(2_00n); // the race left nothing that could still be spent
    expect(await walletBalance(t, h.id, 'EUR')).toBe(converted * 3_43n); // 3 × 1.14425 = 3.43
    const rows = await t.deps.db
      .selectFrom('conversions')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('customer_id', '=', h.id)
      .executeTakeFirstOrThrow();
    expect(BigInt(rows.n)).toBe(converted);
    await expectLedgerInvariants(t.deps.db);
  });

  it('posts a payment retried under its key once', async () => {
    const h = await holder(t);
    await fund(t, h.id, 'GBP', 10_00n);
    const key = `retry:${randomUUID()}`;
    const pay = () =>
      t.deps.db.transaction().execute((trx) =>
        debitWallet(trx, {
          customerId: h.id,
          currency: 'GBP',
          credits: [{ to: { owner: PLATFORM_OWNER, kind: 'payout_clearing', currency: 'GBP' }, amount: 4_00n }],
          idempotencyKey: key,
          kind: 'wallet_payment',
          reference: 'retry',
        }),
      );
    const [first, second] = await Promise.all([pay(), pay()]);
    expect(second?.transactionId).toBe(first?.transactionId);
    expect(await walletBalance(t, h.id, 'GBP')).toBe(6_00n);
  });
});
