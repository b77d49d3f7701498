import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxHandlers } from '../../../src/server/jobs/handlers.ts';
import { LEDGER_FOLD, scheduleLedgerFold } from '../../../src/server/jobs/ledger-fold.ts';
import { reconcileLedger } from '../../../src/server/jobs/ledger-reconciliation.ts';
import { OutboxWorker } from '../../../src/server/jobs/outbox-worker.ts';
import { PLATFORM_OWNER } from '../../../src/server/ledger/account-kinds.ts';
import { accountBalances, sumOfPostings } from '../../../src/server/ledger/balances.ts';
import { DATABASE_KINDS } from '../../support/databases.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';
import { awaitingTransfer, CARDS, drain, payWith, sender } from '../transfers/transfer-fixtures.ts';
import { expectLedgerInvariants } from './ledger-fixtures.ts';

/**
 * The platform's accounts are posted without their row lock: their changes wait in ledger_pending_balances, and a
 * job every five minutes folds them into the balances without moving any balance a reader sees.
 */
describe.each(DATABASE_KINDS)('the platform balances’ fold on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind);
    const s = await sender(t);
    for (let n = 0; n < 2; n += 1) {
      const ref = await awaitingTransfer(t, s);
      expect((await payWith(t, s, ref, CARDS.approves)).body.data.status).toBe('APPROVED');
    }
    for (let step = 0; step < 2; step += 1) {
      t.clock.advance(t.deps.config.payoutStepSeconds * 1000);
      await drain(t);
    }
  });
  afterAll(() => t.close());

  /** Each platform account: its balance as readers see it, what is folded into its row, and the sum of its postings. */
  const platformAccounts = async () =>
    Promise.all(
      (await accountBalances(t.deps.db, PLATFORM_OWNER)).map(async (account) => ({
        id: account.id,
        balance: account.balance,
        folded: (
          await t.deps.db
            .selectFrom('ledger_accounts')
            .select('balance')
            .where('id', '=', account.id)
            .executeTakeFirstOrThrow()
        ).balance,
        postings: await sumOfPostings(t.deps.db, account.id),
      })),
    );
  const pendingChanges = async () =>
    Number(
      (
        await t.deps.db
          .selectFrom('ledger_pending_balances')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const foldEvents = () =>
    t.deps.db
      .selectFrom('outbox_events')
      .select(['status', 'available_at'])
      .where('topic', '=', LEDGER_FOLD)
      .orderBy('available_at')
      .execute();

  it('folds the pending changes into the balances every five minutes, and no balance a reader sees moves', async () => {
    const before = await platformAccounts();
    expect(before.length).toBeGreaterThanOrEqual(4);
    for (const account of before) expect(account.balance).toBe(account.postings);
    expect(before.some((account) => account.folded !== account.balance)).toBe(true);
    expect(await pendingChanges()).toBeGreaterThan(0);
    expect(await reconcileLedger(t.deps, 'manual:before-fold')).toEqual([]);

    const now = t.clock.now().getTime();
    const slot = new Date(Math.ceil((now + 1) / 300_000) * 300_000);
    expect(await scheduleLedgerFold(t.deps.db, t.clock)).toBe(await scheduleLedgerFold(t.deps.db, t.clock));
    const worker = new OutboxWorker(t.deps, outboxHandlers());
    t.clock.advance(slot.getTime() - now - 1);
    await worker.drain();
    expect(await pendingChanges()).toBeGreaterThan(0);
    t.clock.advance(1);
    await worker.drain();

    expect(await pendingChanges()).toBe(0);
    const after = await platformAccounts();
    expect(after).toEqual(before.map((account) => ({ ...account, folded: account.postings })));
    expect(await reconcileLedger(t.deps, 'manual:after-fold')).toEqual([]);
    await expectLedgerInvariants(t.deps.db);
    expect((await foldEvents()).map((e) => [e.status, e.available_at.getTime() - slot.getTime()])).toEqual([
      ['done', 0],
      ['pending', 300_000],
    ]);
  });
});
