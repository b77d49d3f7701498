import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOP_UP_CHALLENGE_MINUTES } from '../../../src/domain/wallets.ts';
import { enqueue } from '../../../src/server/jobs/outbox.ts';
import { CHALLENGE_GRACE_SECONDS } from '../../../src/server/modules/transfers/transfer-expiry.ts';
import { transfersOffTheirPostings } from '../../../src/server/modules/transfers/transfer-ledger-check.ts';
import {
  LATE_SETTLEMENT_CHECK_MINUTES,
  LATE_SETTLEMENT_DAYS,
  PAYIN_LATE_SETTLEMENT,
} from '../../../src/server/payins/payin-jobs.ts';
import { DATABASE_KINDS } from '../../support/databases.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';
import { expectLedgerInvariants } from '../ledger/ledger-fixtures.ts';
import {
  awaitingTransfer,
  balance,
  details,
  drain,
  ledgerKinds,
  minorFigures,
  paymentStatus,
  type Sender,
  sender,
} from '../transfers/transfer-fixtures.ts';
import { API, errorOf, type Holder, holder, newKey, walletBalance } from '../wallets/wallet-fixtures.ts';

type Choice = 'approve-bank' | 'cancel-bank' | 'empty-bank' | 'cancel';

describe.each(DATABASE_KINDS)('bank link (open banking) on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await expectLedgerInvariants(t.deps.db);
    expect(await transfersOffTheirPostings(t.deps.db)).toEqual([]);
    await t.close();
  });

  const topUp = (h: Holder, body: unknown, key: string | null = newKey()) =>
    t.call('POST', `${API}/remit/wallet/top-up/bank-link`, {
      token: h.token,
      body,
      headers: key === null ? {} : { 'Idempotency-Key': key },
    });
  const getTopUp = (h: Holder, id: string) => t.call('GET', `${API}/remit/wallet/top-up/${id}`, { token: h.token });
  const payByBankLink = (s: Sender, ref: string, key = newKey()) =>
    t.call('POST', `${API}/remit/transaction/pay/bank-link`, {
      token: s.token,
      body: { trans_ref: ref },
      headers: { 'Idempotency-Key': key },
    });

  /** The customer at the sandbox bank picker: approve at a bank, or cancel. */
  async function decide(redirectUrl: string, choice: Choice): Promise<URL> {
    const form: Record<string, string> =
      choice === 'cancel' ? { action: 'cancel' } : { action: 'approve', bank: choice };
    const res = await t.app.request(`${redirectUrl}decide`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    });
    expect(res.status).toBe(303);
    return new URL(res.headers.get('location') ?? '', 'http://localhost');
  }

  it('tops up only once the bank settles: picker, return, server-side check, one credit through bank settlement', async () => {
    const h = await holder(t);
    const key = newKey();
    const res = await topUp(h, { currency: 'GBP', amount: '40.00' }, key);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({ method: 'bank_link', status: 'WAITING', code: null, balance: '0.00' });
    const picker: string = res.body.data.challenge_url;
    expect(picker).toMatch(/^\/sandbox\/bank-link\/blp_[0-9a-f-]+\/$/);

    const page = await t.app.request(picker);
    const html = await page.text();
    for (const bank of ['Sandbox Approve Bank', 'Sandbox Cancel Bank', 'Sandbox Empty Account Bank']) {
      expect(html).toContain(bank);
    }
    expect(html).toContain('40.00 GBP');

    // the same key again is the same top-up and the same bank payment
    const again = await topUp(h, { currency: 'GBP', amount: '40.00' }, key);
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ id: res.body.data.id, challenge_url: picker });
    expect((await getTopUp(h, res.body.data.id)).body.data.status).toBe('WAITING');
    expect(await walletBalance(t, h.id, 'GBP')).toBeUndefined();

    const back = await decide(picker, 'approve-bank');
    expect(back.pathname).toBe('/trustly-callback');
    expect(back.searchParams.get('routeName')).toBe('wallet-top-up');
    expect(back.searchParams.get('top_up_id')).toBe(res.body.data.id);
    expect(back.searchParams.get('payment_id')).toMatch(/^blp_/);

    const [a, b] = await Promise.all([getTopUp(h, res.body.data.id), getTopUp(h, res.body.data.id)]);
    expect(a.body.data).toMatchObject({ status: 'APPROVED', code: 'approved', balance: '40.00', challenge_url: null });
    expect(b.body.data.status).toBe('APPROVED');
    expect(await walletBalance(t, h.id, 'GBP')).toBe(40_00n);
    expect(await balance(t, 'platform', 'bank_settlement', 'GBP')).toBeLessThanOrEqual(-40_00n);
    // the picker is over: it cannot be decided a second time
    expect((await t.app.request(picker)).status).toBe(404);
  });

  it('a cancel at the bank or an empty account declines with its reason and never changes the balance', async () => {
    const h = await holder(t);
    for (const [choice, code] of [
      ['cancel', 'bank_link_cancelled'],
      ['cancel-bank', 'bank_link_cancelled'],
      ['empty-bank', 'bank_link_insufficient_funds'],
    ] as const) {
      const res = await topUp(h, { currency: 'GBP', amount: '10.00' });
      await decide(res.body.data.challenge_url, choice);
      expect((await getTopUp(h, res.body.data.id)).body.data).toMatchObject({ status: 'DECLINED', code });
    }
    expect(await walletBalance(t, h.id, 'GBP')).toBeUndefined();
  });

  it('credits a bank payment that settles after its top-up was abandoned, once, however often the settlement is seen', async () => {
    const minutes = (n: number) => n * 60_000;
    const h = await holder(t);
    const res = await topUp(h, { currency: 'GBP', amount: '25.00' });
    const id: string = res.body.data.id;
    const picker: string = res.body.data.challenge_url;
    // the clock moves past the session's life: read the records themselves
    const statusOf = async (topUpId: string) =>
      (await t.deps.db.selectFrom('payins').select('status').where('id', '=', topUpId).executeTakeFirstOrThrow())
        .status;
    const lateChecks = () =>
      t.deps.db
        .selectFrom('outbox_events')
        .select('id')
        .where('topic', '=', PAYIN_LATE_SETTLEMENT)
        .where('processed_at', 'is', null)
        .where(sql`payload->>'payin_id'`, '=', id)
        .execute();

    // the customer left the bank's page open past the deadline: abandoned, shown declined, nothing credited
    t.clock.advance(minutes(TOP_UP_CHALLENGE_MINUTES + 1));
    await drain(t);
    expect((await getTopUp(h, id)).body.data).toMatchObject({ status: 'DECLINED', code: 'payment_was_not_authorised' });
    expect(await statusOf(id)).toBe('ABANDONED');
    expect(await lateChecks()).toHaveLength(1);

    // while the bank has it pending, it is asked again later
    t.clock.advance(minutes(LATE_SETTLEMENT_CHECK_MINUTES));
    await drain(t);
    expect(await lateChecks()).toHaveLength(1);
    expect(await walletBalance(t, h.id, 'GBP')).toBeUndefined();

    // then they approve after all: the money arrives, and the next check credits the wallet
    await decide(picker, 'approve-bank');
    expect(await statusOf(id)).toBe('ABANDONED');
    t.clock.advance(minutes(LATE_SETTLEMENT_CHECK_MINUTES));
    await drain(t);
    expect(await statusOf(id)).toBe('APPROVED');
    expect(await walletBalance(t, h.id, 'GBP')).toBe(25_00n);
    expect(await lateChecks()).toEqual([]);

    // the settlement seen again, by two workers at once: no second credit
    for (let n = 0; n < 2; n++) {
      await enqueue(t.deps.db, { topic: PAYIN_LATE_SETTLEMENT, payload: { payin_id: id } }, t.clock);
    }
    await drain(t);
    expect(await walletBalance(t, h.id, 'GBP')).toBe(25_00n);
    expect(await ledgerKinds(t, id)).toEqual(['wallet_top_up']);

    // a payment still pending when its time is over, or ended otherwise at the bank, is left abandoned
    const later = await holder(t);
    const pending = await topUp(later, { currency: 'GBP', amount: '10.00' });
    const cancelled = await topUp(later, { currency: 'GBP', amount: '10.00' });
    t.clock.advance(minutes(TOP_UP_CHALLENGE_MINUTES + 1));
    await drain(t);
    await decide(cancelled.body.data.challenge_url, 'cancel');
    t.clock.advance(minutes(LATE_SETTLEMENT_CHECK_MINUTES));
    await drain(t);
    t.clock.advance(minutes(LATE_SETTLEMENT_DAYS * 24 * 60));
    await drain(t);
    for (const other of [pending, cancelled]) {
      expect(await statusOf(other.body.data.id)).toBe('ABANDONED');
    }
    const open = await t.deps.db
      .selectFrom('outbox_events')
      .select('id')
      .where('topic', '=', PAYIN_LATE_SETTLEMENT)
      .where('processed_at', 'is', null)
      .execute();
    expect(open).toEqual([]);
    expect(await walletBalance(t, later.id, 'GBP')).toBeUndefined();
  });

  it('puts a transfer’s bank payment that settles after the transfer expired into the wallet, once', async () => {
    const s = await sender(t);
    const ref = await awaitingTransfer(t, s);
    const { total } = minorFigures((await details(t, s.token, ref)).body.data);
    const paid = await payByBankLink(s, ref);
    const picker: string = paid.body.data.challenge_url;
    const attempt = await t.deps.db
      .selectFrom('payins')
      .innerJoin('transfers', 'transfers.id', 'payins.transfer_id')
      .select(['payins.id', 'payins.status'])
      .where('transfers.trans_ref', '=', ref)
      .executeTakeFirstOrThrow();
    const lateChecks = () =>
      t.deps.db
        .selectFrom('outbox_events')
        .select('id')
        .where('topic', '=', PAYIN_LATE_SETTLEMENT)
        .where('processed_at', 'is', null)
        .where(sql`payload->>'payin_id'`, '=', attempt.id)
        .execute();
    const transferStatus = async () =>
      (await t.deps.db.selectFrom('transfers').select('status').where('trans_ref', '=', ref).executeTakeFirstOrThrow())
        .status;

    // the customer leaves the bank's page open past the rate and its grace: the transfer closes, nothing is booked
    t.clock.advance((t.deps.config.quoteTtlSeconds + CHALLENGE_GRACE_SECONDS + 60) * 1000);
    await drain(t);
    expect(await transferStatus()).toBe('CLOSED');
    expect(await lateChecks()).toHaveLength(1);
    expect(await balance(t, s.id, 'customer_wallet', 'GBP')).toBe(0n);

    // then they approve at the bank after all: the next check puts the money in their wallet
    await decide(picker, 'approve-bank');
    t.clock.advance(LATE_SETTLEMENT_CHECK_MINUTES * 60_000);
    await drain(t);
    expect(await balance(t, s.id, 'customer_wallet', 'GBP')).toBe(total);
    expect(await lateChecks()).toEqual([]);
    expect(await transferStatus()).toBe('CLOSED');
    expect(await ledgerKinds(t, ref)).toEqual([]);
    expect(await ledgerKinds(t, `bank-link:${attempt.id}`)).toEqual(['wallet_bank_credit']);
    // and the customer is told where the money went
    const notices = async () =>
      (
        await t.deps.db
          .selectFrom('notifications')
          .select(['category', 'title_key', 'params'])
          .where('customer_id', '=', s.id)
          .where('title_key', '=', 'late_payment.to_wallet')
          .execute()
      ).map((row) => ({ ...row, params: typeof row.params === 'string' ? JSON.parse(row.params) : row.params }));
    const amount = `${total / 100n}.${String(total % 100n).padStart(2, '0')}`;
    expect(await notices()).toEqual([
      {
        category: 'wallet',
        title_key: 'late_payment.to_wallet',
        params: { amount, currency: 'GBP', trans_ref: ref },
      },
    ]);

    // the settlement seen again, by two workers at once: no second credit
    for (let n = 0; n < 2; n++) {
      await enqueue(t.deps.db, { topic: PAYIN_LATE_SETTLEMENT, payload: { payin_id: attempt.id } }, t.clock);
    }
    await drain(t);
    expect(await balance(t, s.id, 'customer_wallet', 'GBP')).toBe(total);
    expect(await notices()).toHaveLength(1);
  });

  it('refuses bad input and other customers in SPEC shape, changing nothing', async () => {
    const h = await holder(t);
    for (const [body, field] of [
      [{ currency: 'GBP', amount: '0.00' }, 'amount'],
      [{ currency: 'GBP', amount: '1.234' }, 'amount'],
      [{ currency: 'GBP', amount: '999999.00' }, 'amount'],
      [{ currency: 'EUR', amount: '10.00' }, 'currency'],
      [{ currency: 'GBP' }, 'amount'],
    ] as const) {
      const res = await topUp(h, body);
      expect(res.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(errorOf(res.body).property_path).toBe(field);
    }
    expect((await topUp(h, { currency: 'GBP', amount: '10.00' }, null)).status).toBe(400);
    const count = await t.deps.db
      .selectFrom('payins')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('customer_id', '=', h.id)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);

    const mine = await topUp(h, { currency: 'GBP', amount: '10.00' });
    const stranger = await holder(t);
    expect((await getTopUp(stranger, mine.body.data.id)).status).toBe(404);
  });

  it('pays a transfer by bank link: cancelled leaves it unpaid, a settled retry funds it once (trustly)', async () => {
    const s = await sender(t);
    const ref = await awaitingTransfer(t, s);
    const { total } = minorFigures((await details(t, s.token, ref)).body.data);
    const settlementBefore = await balance(t, 'platform', 'bank_settlement', 'GBP');

    const first = await payByBankLink(s, ref);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data).toMatchObject({ status: 'WAITING', code: null });
    // while it is open, another attempt is refused
    expect((await payByBankLink(s, ref)).status).toBe(409);
    const back = await decide(first.body.data.challenge_url, 'cancel');
    expect(back.pathname).toBe('/trustly-callback');
    expect(back.searchParams.get('transactionReference')).toBe(ref);
    const cancelled = await paymentStatus(t, s.token, ref);
    expect(cancelled.body.data).toMatchObject({ status: 'DECLINED', code: 'bank_link_cancelled' });
    expect(cancelled.body.data.transfer.status).toBe('AWAITING');

    const key = newKey();
    const second = await payByBankLink(s, ref, key);
    await decide(second.body.data.challenge_url, 'approve-bank');
    // the redirect alone proves nothing: only payment-status asks the provider and funds it
    expect((await details(t, s.token, ref)).body.data.status).toBe('AWAITING');
    const [a, b] = await Promise.all([paymentStatus(t, s.token, ref), paymentStatus(t, s.token, ref)]);
    expect(a.body.data).toMatchObject({ status: 'APPROVED', code: 'approved' });
    expect(b.body.data.status).toBe('APPROVED');
    expect(a.body.data.transfer).toMatchObject({ status: 'PENDING', payment_type: 'trustly' });
    expect(await ledgerKinds(t, ref)).toEqual(['bank_link_payment', 'transfer_funding']);
    expect(await balance(t, 'platform', 'bank_settlement', 'GBP')).toBe(settlementBefore - total);
    expect(await balance(t, s.id, 'customer_wallet', 'GBP')).toBe(0n);

    // the same key answers the same payment; nothing moves twice
    const retry = await payByBankLink(s, ref, key);
    expect(retry.body.data.status).toBe('APPROVED');
    expect(await ledgerKinds(t, ref)).toEqual(['bank_link_payment', 'transfer_funding']);
    const stranger = await sender(t);
    expect((await payByBankLink(stranger, ref)).status).toBe(404);
  });
});
