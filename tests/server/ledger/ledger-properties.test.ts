import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../src/server/db/connection.ts';
import { ApiError } from '../../../src/server/http/api-error.ts';
import { type AccountKind, PLATFORM_OWNER } from '../../../src/server/ledger/account-kinds.ts';
import { ensureAccount, type LedgerAccount } from '../../../src/server/ledger/accounts.ts';
import { accountBalances, balanceOf, sumOfPostings } from '../../../src/server/ledger/balances.ts';
import type { PostedTransaction } from '../../../src/server/ledger/post-transaction.ts';
import type { TransactionRequest } from '../../../src/server/ledger/transaction-request.ts';
import { createTestDatabase, DATABASE_KINDS } from '../../support/databases.ts';
import { expectLedgerInvariants, move, post } from './ledger-fixtures.ts';

const CUSTOMERS = 3;
const CURRENCIES = ['GBP', 'EUR'] as const;
type Currency = (typeof CURRENCIES)[number];

/** What a generated run asks the ledger to do; retries and reuses point at an earlier operation. */
type Operation =
  | { type: 'top-up'; customer: number; currency: Currency; amount: bigint }
  | { type: 'transfer'; from: number; to: number; currency: Currency; amount: bigint }
  | { type: 'payout'; customer: number; currency: Currency; amount: bigint }
  | { type: 'convert'; customer: number; amount: bigint }
  | { type: 'retry'; of: number }
  | { type: 'reuse-key'; of: number; amount: bigint };

const customer = fc.nat({ max: CUSTOMERS - 1 });
const currency = fc.constantFrom(...CURRENCIES);
const amount = fc.bigInt({ min: 1n, max: 50_00n });
// Top-ups weigh most so wallets hold money and later movements mostly succeed.
const operation: fc.Arbitrary<Operation> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      type: fc.constant('top-up' as const),
      customer,
      currency,
      amount: fc.bigInt({ min: 1n, max: 200_00n }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({ type: fc.constant('transfer' as const), from: customer, to: customer, currency, amount }),
  },
  { weight: 2, arbitrary: fc.record({ type: fc.constant('payout' as const), customer, currency, amount }) },
  { weight: 2, arbitrary: fc.record({ type: fc.constant('convert' as const), customer, amount }) },
  { weight: 2, arbitrary: fc.record({ type: fc.constant('retry' as const), of: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('reuse-key' as const), of: fc.nat(), amount }) },
);

interface Accounts {
  wallets: Record<Currency, LedgerAccount>[];
  card: Record<Currency, LedgerAccount>;
  payout: Record<Currency, LedgerAccount>;
  fx: Record<Currency, LedgerAccount>;
}

interface Call {
  request: TransactionRequest;
  outcome: PromiseSettledResult<PostedTransaction>;
}

const postingsOf = (request: TransactionRequest) =>
  request.postings.map((p) => `${p.accountId}:${p.currency}:${p.amount}`).sort();

describe.each(DATABASE_KINDS)('ledger properties on %s', (kind) => {
  let handle: DatabaseHandle & { url?: string };
  let platform: Pick<Accounts, 'card' | 'payout' | 'fx'>;
  let runs = 0;

  const perCurrency = async (kindOf: AccountKind, owner = PLATFORM_OWNER) => {
    const [gbp, eur] = await Promise.all(
      CURRENCIES.map((c) => ensureAccount(handle.db, { owner, kind: kindOf, currency: c })),
    );
    if (!gbp || !eur) throw new Error('accounts missing');
    return { GBP: gbp, EUR: eur };
  };

  beforeAll(async () => {
    // Several connections, so concurrent transactions really race on PostgreSQL.
    handle = await createTestDatabase(kind, { poolSize: 8 });
    platform = {
      card: await perCurrency('card_settlement'),
      payout: await perCurrency('payout_clearing'),
      fx: await perCurrency('fx_liquidity'),
    };
  });
  afterAll(() => handle.close());

  /** The request an operation makes; retries and key reuses resolve to an earlier one. */
  function requestFor(ops: Operation[], index: number, run: number, accounts: Accounts): TransactionRequest {
    const op = ops[index];
    if (!op) throw new Error(`no operation ${index}`);
    const key = `prop-${run}-${index}`;
    const wallet = (c: number, cur: Currency) => accounts.wallets[c]?.[cur] as LedgerAccount;
    switch (op.type) {
      case 'top-up':
        return move(key, 'top_up', accounts.card[op.currency], wallet(op.customer, op.currency), op.amount);
      case 'transfer': {
        const to = op.to === op.from ? (op.from + 1) % CUSTOMERS : op.to;
        return move(key, 'transfer', wallet(op.from, op.currency), wallet(to, op.currency), op.amount);
      }
      case 'payout':
        return move(key, 'payout', wallet(op.customer, op.currency), accounts.payout[op.currency], op.amount);
      case 'convert': {
        const credited = (op.amount * 117n) / 100n;
        return {
          idempotencyKey: key,
          kind: 'conversion',
          reference: key,
          postings: [
            { accountId: wallet(op.customer, 'GBP').id, amount: -op.amount, currency: 'GBP' },
            { accountId: accounts.fx.GBP.id, amount: op.amount, currency: 'GBP' },
            { accountId: accounts.fx.EUR.id, amount: -credited, currency: 'EUR' },
            { accountId: wallet(op.customer, 'EUR').id, amount: credited, currency: 'EUR' },
          ],
        };
      }
      case 'retry':
      case 'reuse-key': {
        if (index === 0) return move(key, 'top_up', accounts.card.GBP, wallet(0, 'GBP'), 1n);
        const earlier = requestFor(ops, op.of % index, run, accounts);
        if (op.type === 'retry') return earlier;
        const [debit, credit] = earlier.postings;
        if (!debit || !credit || earlier.postings.length !== 2) return earlier;
        return {
          ...earlier,
          postings: [
            { ...debit, amount: -op.amount },
            { ...credit, amount: op.amount },
          ],
        };
      }
    }
  }

  async function runOperations(ops: Operation[], batchSize: number): Promise<{ calls: Call[]; accounts: Accounts }> {
    runs += 1;
    const run = runs;
    const wallets = [];
    for (let c = 0; c < CUSTOMERS; c += 1) wallets.push(await perCurrency('customer_wallet', `cus_p${run}_${c}`));
    const accounts: Accounts = { ...platform, wallets };
    // Every wallet starts with some money, so most generated movements can succeed.
    const funding = wallets.flatMap((held, c) =>
      CURRENCIES.map((cur) => move(`prop-${run}-fund-${c}-${cur}`, 'top_up', platform.card[cur], held[cur], 30_00n)),
    );
    const requests = [...funding, ...ops.map((_, i) => requestFor(ops, i, run, accounts))];
    const calls: Call[] = [];
    for (let start = 0; start < requests.length; start += batchSize) {
      const batch = requests.slice(start, start + batchSize);
      const outcomes = await Promise.allSettled(batch.map((request) => post(handle.db, request)));
      for (const [i, outcome] of outcomes.entries()) calls.push({ request: batch[i] as TransactionRequest, outcome });
    }
    return { calls, accounts };
  }

  /** Each key moved money at most once, every answer names that movement, and wallets hold exactly that money. */
  async function expectMoneyMovedOncePerKey({ calls, accounts }: { calls: Call[]; accounts: Accounts }) {
    const byKey = new Map<string, Call[]>();
    for (const call of calls) {
      byKey.set(call.request.idempotencyKey, [...(byKey.get(call.request.idempotencyKey) ?? []), call]);
    }
    const expected = new Map<string, bigint>();
    for (const [key, keyCalls] of byKey) {
      const stored = await handle.db
        .selectFrom('ledger_transactions as t')
        .innerJoin('ledger_postings as p', 'p.transaction_id', 't.id')
        .select(['t.id', 'p.account_id', 'p.currency', 'p.amount'])
        .where('t.idempotency_key', '=', key)
        .execute();
      const moved = stored.map((row) => `${row.account_id}:${row.currency}:${row.amount}`).sort();
      const storedIds = [...new Set(stored.map((row) => row.id))];
      const fresh = keyCalls.filter((c) => c.outcome.status === 'fulfilled' && !c.outcome.value.replayed);
      expect(fresh).toHaveLength(storedIds.length);
      for (const { request, outcome } of keyCalls) {
        if (outcome.status === 'fulfilled') {
          expect(storedIds).toEqual([outcome.value.transactionId]);
          expect(postingsOf(request)).toEqual(moved);
        } else if (outcome.reason instanceof ApiError && outcome.reason.type === 'IdempotencyKeyReused') {
          expect(storedIds).toHaveLength(1);
          expect(postingsOf(request)).not.toEqual(moved);
        } else {
          expect(outcome.reason).toMatchObject({ type: 'InsufficientFunds' });
        }
      }
      for (const row of stored) expected.set(row.account_id, (expected.get(row.account_id) ?? 0n) + row.amount);
    }
    for (const wallets of accounts.wallets) {
      const held = await accountBalances(handle.db, wallets.GBP.owner);
      expect(held.map((a) => a.id)).toEqual([wallets.EUR.id, wallets.GBP.id]);
      for (const wallet of held) {
        expect(wallet.balance).toBe(expected.get(wallet.id) ?? 0n);
        expect(await balanceOf(handle.db, wallet.id)).toBe(wallet.balance);
        expect(await sumOfPostings(handle.db, wallet.id)).toBe(wallet.balance);
      }
    }
  }

  it('concurrent random movements keep every ledger invariant and move money once per key', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(operation, { minLength: 5, maxLength: 40, size: 'max' }),
        fc.integer({ min: 1, max: 8 }),
        async (ops, batch) => {
          const result = await runOperations(ops, batch);
          await expectLedgerInvariants(handle.db);
          await expectMoneyMovedOncePerKey(result);
        },
      ),
      { numRuns: 20 },
    );
  });
});
