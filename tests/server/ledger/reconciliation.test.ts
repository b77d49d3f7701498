import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { nextDailyRun } from '../../../src/server/jobs/daily-schedule.ts';
import { outboxHandlers } from '../../../src/server/jobs/handlers.ts';
import {
  LEDGER_RECONCILE,
  reconcileLedger,
  scheduleLedgerReconciliation,
} from '../../../src/server/jobs/ledger-reconciliation.ts';
import { OutboxWorker } from '../../../src/server/jobs/outbox-worker.ts';
import { DATABASE_KINDS } from '../../support/databases.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';
import { KENYA_MOBILE, withValues } from '../beneficiaries/beneficiary-fixtures.ts';
import { awaitingTransfer, CARDS, drain, payWith, type Sender, sender } from '../transfers/transfer-fixtures.ts';

describe('nextDailyRun', () => {
  it('is the first run hour strictly after now, in UTC', () => {
    const run = (now: string) => nextDailyRun(new Date(now), 2).toISOString();
    expect(run('2026-01-15T01:59:59.999Z')).toBe('2026-01-15T02:00:00.000Z');
    expect(run('2026-01-15T02:00:00.000Z')).toBe('2026-01-16T02:00:00.000Z');
    expect(run('2026-01-15T23:30:00.000Z')).toBe('2026-01-16T02:00:00.000Z');
    expect(run('2026-12-31T10:00:00.000Z')).toBe('2027-01-01T02:00:00.000Z');
  });
});

describe.each(DATABASE_KINDS)('the daily ledger reconciliation on %s', (kind) => {
  let t: TestApp;
  const refs: Record<'awaiting' | 'pending' | 'paid' | 'rejected', string> = {
    awaiting: '',
    pending: '',
    paid: '',
    rejected: '',
  };

  async function paid(s: Sender): Promise<string> {
    const ref = await awaitingTransfer(t, s);
    expect((await payWith(t, s, ref, CARDS.approves)).body.data.status).toBe('APPROVED');
    return ref;
  }

  beforeAll(async () => {
    t = await createTestApp(kind);
    const s = await sender(t);
    refs.awaiting = await awaitingTransfer(t, s);
    refs.paid = await paid(s);
    refs.rejected = await paid(await sender(t, withValues(KENYA_MOBILE, { last_name: 'Reject' })));
    for (let step = 0; step < 2; step += 1) {
      t.clock.advance(t.deps.config.payoutStepSeconds * 1000);
      await drain(t);
    }
    refs.pending = await paid(s);
  });
  afterAll(() => t.close());

  const transferId = async (ref: string) =>
    (await t.deps.db.selectFrom('transfers').select('id').where('trans_ref', '=', ref).executeTakeFirstOrThrow()).id;
  const alerts = () =>
    t.deps.db
      .selectFrom('ledger_alerts')
      .select(['run_key', 'kind', 'subject', 'details'])
      .orderBy('kind')
      .orderBy('subject')
      .execute();
  const reconcileEvents = () =>
    t.deps.db
      .selectFrom('outbox_events')
      .select(['id', 'status', 'available_at', 'payload'])
      .where('topic', '=', LEDGER_RECONCILE)
      .orderBy('available_at')
      .execute();

  it('finds nothing wrong with the ledger the app wrote', async () => {
    const statuses = await t.deps.db.selectFrom('transfers').select(['status', 'close_reason']).execute();
    expect(statuses).toEqual(
      expect.arrayContaining([
        { status: 'AWAITING', close_reason: null },
        { status: 'PENDING', close_reason: null },
        { status: 'PAID', close_reason: null },
        { status: 'CLOSED', close_reason: 'rejected' },
      ]),
    );
    expect(await reconcileLedger(t.deps, 'test:clean')).toEqual([]);
    expect(await alerts()).toEqual([]);
  });

  it('runs once a day through the outbox, queued once however many replicas ask', async () => {
    const first = await scheduleLedgerReconciliation(t.deps.db, t.clock);
    const second = await scheduleLedgerReconciliation(t.deps.db, t.clock);
    expect(second).toBe(first);
    expect(await reconcileEvents()).toEqual([
      {
        id: first,
        status: 'pending',
        available_at: new Date('2026-01-16T02:00:00Z'),
        payload: { day: '2026-01-16' },
      },
    ]);

    const worker = new OutboxWorker(t.deps, outboxHandlers());
    const info = vi.spyOn(t.deps.logger, 'info');
    try {
      t.clock.advance(new Date('2026-01-16T02:00:00Z').getTime() - t.clock.now().getTime() - 1);
      await worker.drain();
      expect(info).not.toHaveBeenCalledWith(expect.anything(), 'ledger reconciliation finished');
      t.clock.advance(1);
      await worker.drain();
      expect(info).toHaveBeenCalledWith(
        { runKey: 'ledger.reconcile:2026-01-16', problems: 0 },
        'ledger reconciliation finished',
      );
    } finally {
      info.mockRestore();
    }
    await scheduleLedgerReconciliation(t.deps.db, t.clock);
    expect((await reconcileEvents()).map((e) => [e.status, e.available_at.toISOString()])).toEqual([
      ['done', '2026-01-16T02:00:00.000Z'],
      ['pending', '2026-01-17T02:00:00.000Z'],
    ]);
  });

  it('records each problem of a tampered ledger as an alert, once per run, and logs it', async () => {
    const fees = await t.deps.db
      .selectFrom('ledger_accounts')
      .select('id')
      .where('owner', '=', 'platform')
      .where('kind', '=', 'fee_revenue')
      .where('currency', '=', 'GBP')
      .executeTakeFirstOrThrow();
    // 1. A balance written without a posting.
    await t.deps.db
      .updateTable('ledger_accounts')
      .set((eb) => ({ balance: eb('balance', '+', 1n) }))
      .where('id', '=', fees.id)
      .execute();
    // 2. A posting deleted: the partner's side of a payout. Its currency and its account no longer add up.
    const payout = await t.deps.db
      .selectFrom('ledger_postings')
      .innerJoin('ledger_transactions', 'ledger_transactions.id', 'ledger_postings.transaction_id')
      .select(['ledger_postings.id', 'ledger_postings.account_id', 'ledger_postings.transaction_id'])
      .where('ledger_transactions.idempotency_key', '=', `transfer:${await transferId(refs.paid)}:payout`)
      .where('ledger_postings.currency', '=', 'KES')
      .where('ledger_postings.amount', '>', 0n)
      .executeTakeFirstOrThrow();
    await t.deps.db.deleteFrom('ledger_postings').where('id', '=', payout.id).execute();
    // 3. A transfer marked PAID that was never funded.
    const neverFunded = await transferId(refs.awaiting);
    await sql`update transfers set status = 'PAID', close_reason = null, paid_at = now() where id = ${neverFunded}`.execute(
      t.deps.db,
    );

    const error = vi.spyOn(t.deps.logger, 'error');
    try {
      const problems = await reconcileLedger(t.deps, 'test:tampered');
      expect(problems).toHaveLength(4);
      expect(error).toHaveBeenCalledTimes(4);
      expect(error).toHaveBeenCalledWith(
        expect.objectContaining({ runKey: 'test:tampered', kind: 'transfer_postings_mismatch' }),
        'ledger reconciliation found a problem',
      );
    } finally {
      error.mockRestore();
    }
    const expected = [
      {
        run_key: 'test:tampered',
        kind: 'account_balance_mismatch',
        subject: fees.id,
        details: expect.objectContaining({ account_kind: 'fee_revenue', currency: 'GBP' }),
      },
      {
        run_key: 'test:tampered',
        kind: 'account_balance_mismatch',
        subject: payout.account_id,
        details: expect.objectContaining({ account_kind: 'partner_payable', currency: 'KES' }),
      },
      {
        run_key: 'test:tampered',
        kind: 'currency_unbalanced',
        subject: 'KES',
        details: {
          currency: 'KES',
          sum: expect.stringMatching(/^-\d+$/),
          unbalanced_transactions: [payout.transaction_id],
        },
      },
      {
        run_key: 'test:tampered',
        kind: 'transfer_postings_mismatch',
        subject: neverFunded,
        details: {
          trans_ref: refs.awaiting,
          status: 'PAID',
          close_reason: null,
          missing_steps: ['card-payment', 'funding', 'payout'],
          unexpected_steps: [],
        },
      },
    ].sort((a, b) => (a.kind + a.subject < b.kind + b.subject ? -1 : 1));
    expect(await alerts()).toEqual(expected);
    const fee = (await alerts()).find((a) => a.subject === fees.id);
    expect(BigInt(String(fee?.details.balance)) - BigInt(String(fee?.details.sum_of_postings))).toBe(1n);

    // The same run again (a retried job) adds nothing; the next run records them again.
    await reconcileLedger(t.deps, 'test:tampered');
    expect(await alerts()).toHaveLength(4);
    await reconcileLedger(t.deps, 'test:next');
    expect(await alerts()).toHaveLength(8);
  });
});
