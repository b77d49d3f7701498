import type { Transaction } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../src/server/db/connection.ts';
import type { Database } from '../../../src/server/db/schema.ts';
import { ApiError } from '../../../src/server/http/api-error.ts';
import { PLATFORM_OWNER } from '../../../src/server/ledger/account-kinds.ts';
import { type AccountKey, ensureAccount, type LedgerAccount } from '../../../src/server/ledger/accounts.ts';
import { accountBalances, balanceOf, sumOfPostings } from '../../../src/server/ledger/balances.ts';
import { LedgerError } from '../../../src/server/ledger/ledger-error.ts';
import { postTransaction, postTransactions } from '../../../src/server/ledger/post-transaction.ts';
import type { TransactionRequest } from '../../../src/server/ledger/transaction-request.ts';
import { insertCustomer } from '../../support/customers.ts';
import { createTestDatabase, DATABASE_KINDS } from '../../support/databases.ts';
import { expectLedgerInvariants, move, post } from './ledger-fixtures.ts';

describe.each(DATABASE_KINDS)('ledger postTransaction on %s', (kind) => {
  let handle: DatabaseHandle & { url?: string };
  let card: LedgerAccount;
  let payouts: LedgerAccount;
  let owners = 0;

  const account = (key: AccountKey) => ensureAccount(handle.db, key);
  /** A wallet of a customer no other test touches. */
  const newWallet = (currency = 'GBP') => {
    owners += 1;
    return account({ owner: `cus_${owners}`, kind: 'customer_wallet', currency });
  };
  const fundedWallet = async (amount: bigint, currency = 'GBP') => {
    const wallet = await newWallet(currency);
    const settlement = await account({ owner: PLATFORM_OWNER, kind: 'card_settlement', currency });
    await post(handle.db, move(`fund-${wallet.id}`, 'top_up', settlement, wallet, amount));
    return wallet;
  };
  const keyCount = async (idempotencyKey: string) =>
    (
      await handle.db
        .selectFrom('ledger_transactions')
        .select((eb) => eb.fn.countAll<bigint>().as('n'))
        .where('idempotency_key', '=', idempotencyKey)
        .executeTakeFirstOrThrow()
    ).n;

  beforeAll(async () => {
    handle = await createTestDatabase(kind);
    card = await account({ owner: PLATFORM_OWNER, kind: 'card_settlement', currency: 'GBP' });
    payouts = await account({ owner: PLATFORM_OWNER, kind: 'payout_clearing', currency: 'GBP' });
  });
  afterAll(async () => {
    await expectLedgerInvariants(handle.db);
    await handle.close();
  });

  it('ensureAccount gives one account per owner, kind and currency, even when asked concurrently', async () => {
    const key: AccountKey = { owner: 'cus_ensure', kind: 'customer_wallet', currency: 'SEK' };
    const accounts = await Promise.all(Array.from({ length: 6 }, () => account(key)));
    expect(new Set(accounts.map((a) => a.id)).size).toBe(1);
    expect(accounts[0]).toMatchObject({ ...key, balance: 0n, version: 0n, id: expect.stringMatching(/^acc_/) });
    const other = await account({ ...key, currency: 'NOK' });
    expect(other.id).not.toBe(accounts[0]?.id);
    await expect(account({ ...key, currency: 'sek' })).rejects.toThrow(LedgerError);
  });

  it('a balanced posting moves both balances and records the balance after each wallet posting', async () => {
    const wallet = await newWallet();
    const before = await balanceOf(handle.db, card.id);
    const at = new Date('2026-01-15T10:00:00Z');
    const result = await post(handle.db, {
      ...move('top-up-1', 'top_up', card, wallet, 12_50n),
      metadata: { card: 'visa-4242' },
      at,
    });
    expect(result).toEqual({ transactionId: expect.stringMatching(/^ltx_/), replayed: false });

    expect(await balanceOf(handle.db, wallet.id)).toBe(12_50n);
    expect(await balanceOf(handle.db, card.id)).toBe(before - 12_50n);
    expect(await sumOfPostings(handle.db, wallet.id)).toBe(12_50n);
    const [held] = await accountBalances(handle.db, wallet.owner);
    expect(held).toMatchObject({ id: wallet.id, balance: 12_50n, version: 1n });

    const postings = await handle.db
      .selectFrom('ledger_postings')
      .select(['account_id', 'amount', 'balance_after', 'currency', 'created_at'])
      .where('transaction_id', '=', result.transactionId)
      .orderBy('id')
      .execute();
    expect(postings).toEqual([
      // the platform's card settlement is posted without its row lock: no running balance, its change pending
      { account_id: card.id, amount: -12_50n, balance_after: null, currency: 'GBP', created_at: at },
      { account_id: wallet.id, amount: 12_50n, balance_after: 12_50n, currency: 'GBP', created_at: at },
    ]);
    const transaction = await handle.db
      .selectFrom('ledger_transactions')
      .selectAll()
      .where('id', '=', result.transactionId)
      .executeTakeFirstOrThrow();
    expect(transaction).toMatchObject({ kind: 'top_up', reference: 'top-up-1', metadata: { card: 'visa-4242' } });
  });

  it('refuses unbalanced, one-sided and zero postings, writing nothing', async () => {
    const wallet = await newWallet();
    const debit = { accountId: card.id, amount: -5_00n, currency: 'GBP' };
    const credit = { accountId: wallet.id, amount: 5_00n, currency: 'GBP' };
    const request = { idempotencyKey: 'bad-1', kind: 'top_up', reference: 'bad' };
    const refused: [TransactionRequest, RegExp][] = [
      [{ ...request, postings: [debit, { ...credit, amount: 4_99n }] }, /GBP sum to -1/],
      [{ ...request, postings: [] }, /at least two/],
      [{ ...request, postings: [credit] }, /at least two/],
      [{ ...request, postings: [debit, credit, { ...credit, amount: 0n }] }, /zero posting/],
      [{ ...request, postings: [debit, { ...credit, amount: 500 as unknown as bigint }] }, /bigint/],
      [{ ...request, postings: [debit, { ...credit, currency: 'gbp' }] }, /ISO 4217/],
      [{ ...request, idempotencyKey: '', postings: [debit, credit] }, /idempotency key/],
    ];
    for (const [bad, reason] of refused) {
      await expect(post(handle.db, bad)).rejects.toThrow(reason);
    }
    expect(await balanceOf(handle.db, wallet.id)).toBe(0n);
    expect(await keyCount('bad-1')).toBe(0n);
  });

  it('refuses a posting whose currency is not its account’s, and an unknown account', async () => {
    const wallet = await newWallet('EUR');
    const request = move('mismatch-1', 'top_up', card, wallet, 3_00n);
    const mislabelled = { ...request, postings: request.postings.map((p) => ({ ...p, currency: 'GBP' })) };
    await expect(post(handle.db, mislabelled)).rejects.toThrow(/EUR account/);
    const unknown = move('unknown-1', 'top_up', card, { ...wallet, id: 'acc_missing', currency: 'GBP' }, 3_00n);
    await expect(post(handle.db, unknown)).rejects.toThrow(/unknown ledger account/);
    expect(await balanceOf(handle.db, wallet.id)).toBe(0n);
    expect(await keyCount('mismatch-1')).toBe(0n);
    expect(await keyCount('unknown-1')).toBe(0n);
  });

  it('never takes a wallet below zero: the whole business transaction rolls back', async () => {
    const wallet = await fundedWallet(10_00n);
    const attempt = handle.db.transaction().execute(async (trx) => {
      await insertCustomer(trx, { id: 'cus_rollback', email: 'rollback@example.test' });
      return postTransaction(trx, move('overdraw-1', 'payout', wallet, payouts, 10_01n));
    });
    const error = await attempt.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ type: 'InsufficientFunds', status: 422 });
    expect(await balanceOf(handle.db, wallet.id)).toBe(10_00n);
    expect(await keyCount('overdraw-1')).toBe(0n);
    expect(await handle.db.selectFrom('customers').select('id').where('id', '=', 'cus_rollback').execute()).toEqual([]);

    // Exactly the whole balance is allowed, and the key refused earlier is free again.
    await post(handle.db, move('overdraw-1', 'payout', wallet, payouts, 10_00n));
    expect(await balanceOf(handle.db, wallet.id)).toBe(0n);
  });

  it('a refusal writes nothing even when the caller commits its own transaction anyway', async () => {
    const wallet = await fundedWallet(5_00n);
    // The caller swallows the refusal, so its transaction commits.
    const outcome = await handle.db
      .transaction()
      .execute((trx) =>
        postTransaction(trx, move('declined-1', 'payout', wallet, payouts, 6_00n)).catch((e: unknown) => e),
      );
    expect(outcome).toMatchObject({ type: 'InsufficientFunds' });
    expect(await keyCount('declined-1')).toBe(0n);
    expect(await balanceOf(handle.db, wallet.id)).toBe(5_00n);
  });

  it('platform accounts may run negative', async () => {
    const promo = await account({ owner: PLATFORM_OWNER, kind: 'promo_expense', currency: 'USD' });
    const wallet = await newWallet('USD');
    await post(handle.db, move('promo-1', 'promo', promo, wallet, 5_00n));
    expect(await balanceOf(handle.db, promo.id)).toBe(-5_00n);
  });

  it('a retry with the same key and request returns the first transaction and moves money once', async () => {
    const wallet = await fundedWallet(50_00n);
    const request = move('payout-retry', 'payout', wallet, payouts, 20_00n);
    const first = await post(handle.db, request);
    const again = await post(handle.db, request);
    const reordered = await post(handle.db, { ...request, postings: [...request.postings].reverse() });
    expect(again).toEqual({ transactionId: first.transactionId, replayed: true });
    expect(reordered).toEqual({ transactionId: first.transactionId, replayed: true });
    expect(await balanceOf(handle.db, wallet.id)).toBe(30_00n);
    expect(await keyCount('payout-retry')).toBe(1n);
  });

  it('a retry after the first attempt spent the whole wallet still gets the first answer', async () => {
    const wallet = await fundedWallet(20_00n);
    const request = move('payout-all', 'payout', wallet, payouts, 20_00n);
    const first = await post(handle.db, request);
    expect(await post(handle.db, request)).toEqual({ transactionId: first.transactionId, replayed: true });
    await expect(post(handle.db, { ...request, reference: 'other' })).rejects.toMatchObject({
      type: 'IdempotencyKeyReused',
    });
    expect(await balanceOf(handle.db, wallet.id)).toBe(0n);
  });

  it('the same key with a different request is refused with IdempotencyKeyReused', async () => {
    const wallet = await fundedWallet(50_00n);
    await post(handle.db, move('payout-reuse', 'payout', wallet, payouts, 20_00n));
    for (const changed of [
      move('payout-reuse', 'payout', wallet, payouts, 20_01n),
      { ...move('payout-reuse', 'payout', wallet, payouts, 20_00n), reference: 'another-transfer' },
      move('payout-reuse', 'refund', wallet, payouts, 20_00n),
    ]) {
      await expect(post(handle.db, changed)).rejects.toMatchObject({ type: 'IdempotencyKeyReused', status: 422 });
    }
    expect(await balanceOf(handle.db, wallet.id)).toBe(30_00n);
  });

  it('concurrent calls with one key move the money once', async () => {
    const wallet = await fundedWallet(50_00n);
    const request = move('payout-race', 'payout', wallet, payouts, 7_00n);
    const results = await Promise.all(Array.from({ length: 5 }, () => post(handle.db, request)));
    expect(new Set(results.map((r) => r.transactionId)).size).toBe(1);
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    expect(await balanceOf(handle.db, wallet.id)).toBe(43_00n);
  });

  it('concurrent payouts never overdraw a wallet', async () => {
    const wallet = await fundedWallet(100_00n);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 8 }, (_, i) =>
        post(handle.db, move(`drain-${wallet.id}-${i}`, 'payout', wallet, payouts, 30_00n)),
      ),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(3);
    for (const o of outcomes)
      if (o.status === 'rejected') expect(o.reason).toMatchObject({ type: 'InsufficientFunds' });
    expect(await balanceOf(handle.db, wallet.id)).toBe(10_00n);
  });

  it('converts between currencies through the liquidity accounts, each currency summing to zero', async () => {
    const gbp = await fundedWallet(100_00n, 'GBP');
    const eur = await account({ owner: gbp.owner, kind: 'customer_wallet', currency: 'EUR' });
    const fxGbp = await account({ owner: PLATFORM_OWNER, kind: 'fx_liquidity', currency: 'GBP' });
    const fxEur = await account({ owner: PLATFORM_OWNER, kind: 'fx_liquidity', currency: 'EUR' });
    const fxEurBefore = await balanceOf(handle.db, fxEur.id);
    const conversion = {
      idempotencyKey: 'convert-1',
      kind: 'conversion',
      reference: 'cnv_1',
      metadata: { rate: '1.1634' },
      postings: [
        { accountId: gbp.id, amount: -40_00n, currency: 'GBP' },
        { accountId: fxGbp.id, amount: 40_00n, currency: 'GBP' },
        { accountId: fxEur.id, amount: -46_53n, currency: 'EUR' },
        { accountId: eur.id, amount: 46_53n, currency: 'EUR' },
      ],
    };
    await post(handle.db, conversion);
    expect(await accountBalances(handle.db, gbp.owner)).toEqual([
      expect.objectContaining({ currency: 'EUR', balance: 46_53n }),
      expect.objectContaining({ currency: 'GBP', balance: 60_00n }),
    ]);
    expect(await balanceOf(handle.db, fxEur.id)).toBe(fxEurBefore - 46_53n);
    const crossed = { ...conversion, idempotencyKey: 'convert-2' };
    crossed.postings = [conversion.postings[0], conversion.postings[3]].filter((p) => p !== undefined);
    await expect(post(handle.db, crossed)).rejects.toThrow(/sum to/);
  });

  it('postTransactions posts each request on the balances the ones before it left, each under its own key', async () => {
    const wallet = await newWallet();
    const batch = [
      move('batch-in', 'top_up', card, wallet, 8_00n),
      move('batch-out', 'payout', wallet, payouts, 8_00n),
    ];
    const run = () => handle.db.transaction().execute((trx) => postTransactions(trx, batch));
    const [topUp, payout] = await run();
    expect(topUp?.replayed).toBe(false);
    expect(payout?.replayed).toBe(false);
    const walletPostings = await handle.db
      .selectFrom('ledger_postings')
      .select(['amount', 'balance_after'])
      .where('account_id', '=', wallet.id)
      .orderBy('id')
      .execute();
    expect(walletPostings).toEqual([
      { amount: 8_00n, balance_after: 8_00n },
      { amount: -8_00n, balance_after: 0n },
    ]);
    expect(await run()).toEqual([
      { transactionId: topUp?.transactionId, replayed: true },
      { transactionId: payout?.transactionId, replayed: true },
    ]);

    // A refused later request fails the batch, and the caller's transaction takes the earlier one back with it.
    const overdraw = [
      move('batch-in-2', 'top_up', card, wallet, 1_00n),
      move('batch-out-2', 'payout', wallet, payouts, 1_01n),
    ];
    await expect(handle.db.transaction().execute((trx) => postTransactions(trx, overdraw))).rejects.toMatchObject({
      type: 'InsufficientFunds',
    });
    expect(await keyCount('batch-in-2')).toBe(0n);
    expect(await balanceOf(handle.db, wallet.id)).toBe(0n);
  });

  it('refuses to run outside a database transaction', async () => {
    const wallet = await newWallet();
    const forgotTransaction = handle.db as unknown as Transaction<Database>;
    await expect(postTransaction(forgotTransaction, move('no-trx', 'top_up', card, wallet, 1n))).rejects.toThrow(
      /inside the caller/,
    );
  });
});
