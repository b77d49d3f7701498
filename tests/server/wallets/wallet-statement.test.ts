import { setupI18n } from '@lingui/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../../locales/en-GB/messages.po';
import { statementPdf } from '../../../src/client/features/wallets/statement-pdf.ts';
import { statementCsv, statementTable } from '../../../src/client/features/wallets/statement-table.ts';
import type { WalletStatement } from '../../../src/domain/contract/wallets.ts';
import { displayMoney, parseMinor } from '../../../src/domain/money.ts';
import { createSession } from '../../../src/server/auth/sessions.ts';
import { parseCsv } from '../../support/csv.ts';
import { DATABASE_KINDS } from '../../support/databases.ts';
import { pdfText } from '../../support/pdf-text.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';
import { KENYA_MOBILE, withValues } from '../beneficiaries/beneficiary-fixtures.ts';
import { tokenize } from '../card-gateway/card-fixtures.ts';
import { expectLedgerInvariants } from '../ledger/ledger-fixtures.ts';
import {
  addRecipient,
  awaitingTransfer,
  CARDS,
  create,
  details,
  drain,
  minorFigures,
  payWith,
  type Sender,
  saveQuote,
  sender,
} from '../transfers/transfer-fixtures.ts';
import { API, errorOf, execute, newKey, openWallet, quotedConversion } from './wallet-fixtures.ts';

const DAY = 24 * 60 * 60 * 1000;

describe.each(DATABASE_KINDS)('a wallet statement on %s', (kind) => {
  let t: TestApp;
  let s: Sender;
  /** what each transfer paid from the wallet cost, in minor units */
  const totals: bigint[] = [];

  const topUp = async (amount: string) => {
    const res = await t.call('POST', `${API}/remit/wallet/top-up`, {
      token: s.token,
      body: { currency: 'GBP', amount, card_token: await tokenize(t, { number: CARDS.approves }) },
      headers: { 'Idempotency-Key': newKey() },
    });
    expect(res.body.data.status).toBe('APPROVED');
  };
  const payFromWallet = async (transRef: string) => {
    const res = await t.call('POST', `${API}/remit/transaction/v2/set-payment-type`, {
      token: s.token,
      body: { trans_ref: transRef },
      headers: { 'Idempotency-Key': newKey() },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    totals.push(minorFigures((await details(t, s.token, transRef)).body.data).total);
  };
  /** the payout partner's steps, so January's transfers are paid out in time (a late one gives its fee back) */
  const payOut = async () => {
    for (let step = 0; step < 2; step += 1) {
      t.clock.advance(t.deps.config.payoutStepSeconds * 1000);
      await drain(t);
    }
  };
  /** a month on, signed in again (a session does not last a month) */
  const nextMonth = async (days: number) => {
    t.clock.advance(days * DAY);
    s.token = (await createSession(t.deps.db, t.deps.config, t.clock, s.id)).token;
  };
  const statement = (month: string, currency = 'GBP') =>
    t.call('GET', `${API}/remit/wallet/statement?currency=${currency}&month=${month}`, { token: s.token });
  /** the wallet's balance in the ledger just before `instant`: the sum of its postings until then */
  const ledgerBalanceBefore = async (currency: string, instant: string) => {
    const row = await t.deps.db
      .selectFrom('ledger_postings as p')
      .innerJoin('ledger_accounts as a', 'a.id', 'p.account_id')
      .select((eb) => eb.fn.sum<string>('p.amount').as('total'))
      .where('a.owner', '=', s.id)
      .where('a.kind', '=', 'customer_wallet')
      .where('a.currency', '=', currency)
      .where('p.created_at', '<', new Date(instant))
      .executeTakeFirstOrThrow();
    return BigInt(row.total ?? 0);
  };

  beforeAll(async () => {
    t = await createTestApp(kind, { conversionRateTtlSeconds: 60 });
    // January (the clock starts on the 15th): two top-ups, a transfer paid by card, one paid from the wallet
    s = await sender(t);
    await topUp('300.00');
    await topUp('50.00');
    expect((await payWith(t, s, await awaitingTransfer(t, s), CARDS.approves)).status).toBe(200);
    await payFromWallet(await awaitingTransfer(t, s));
    await payOut();
    // February: a top-up, and a transfer paid from the wallet that the partner rejects, refunded to the wallet
    await nextMonth(31);
    await topUp('100.00');
    const rejected = await addRecipient(
      t,
      s.token,
      withValues(KENYA_MOBILE, { last_name: 'Reject', mobile: '0712 345 679' }),
    );
    const created = await create(t, s.token, {
      quote_id: await saveQuote(t, s.token, s.quote),
      beneficiary_id: rejected,
      purpose_of_transaction: 'family_support',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    await payFromWallet(created.body.data.trans_ref);
    await payOut();
    expect((await details(t, s.token, created.body.data.trans_ref)).body.data.status).toBe('CLOSED');
    // March: £100 converted to euros
    await nextMonth(28);
    expect((await openWallet(t, { id: s.id, token: s.token }, 'EUR')).status).toBe(201);
    const conversion = await execute(
      t,
      { id: s.id, token: s.token },
      await quotedConversion(t, { id: s.id, token: s.token }, 'GBP', 'EUR', '100.00'),
    );
    expect(conversion.status, JSON.stringify(conversion.body)).toBe(201);
  });
  afterAll(async () => {
    await expectLedgerInvariants(t.deps.db);
    await t.close();
  });

  it('lists each month from its opening to its closing balance, reconciled with the ledger', async () => {
    const [january, february, march] = await Promise.all(['2026-01', '2026-02', '2026-03'].map((m) => statement(m)));
    const [first = 0n, second = 0n] = totals;
    const gbp = (minor: bigint) => (Number(minor) / 100).toFixed(2);
    const lines = (res: typeof january) =>
      res?.body.data.movements.map((m: { type: string; amount: string }) => [m.type, m.amount]);

    expect(january?.status).toBe(200);
    expect(january?.body.data).toMatchObject({
      currency: 'GBP',
      from: '2026-01-01T00:00:00.000Z',
      to: '2026-02-01T00:00:00.000Z',
      opening_balance: '0.00',
      closing_balance: gbp(350_00n - first),
      money_in: '350.00',
      money_out: gbp(first),
    });
    // the transfer paid by card only passed through the wallet: not a line of its statement
    expect(lines(january)).toEqual([
      ['top_up', '300.00'],
      ['top_up', '50.00'],
      ['payment', `-${gbp(first)}`],
    ]);
    expect(lines(february)).toEqual([
      ['top_up', '100.00'],
      ['payment', `-${gbp(second)}`],
      ['refund', gbp(second)],
    ]);
    expect(lines(march)).toEqual([['conversion', '-100.00']]);

    for (const res of [january, february, march]) {
      const month = res?.body.data;
      // opening balance, each line's amount and balance, closing balance: they add up
      let running = parseMinor(month.opening_balance, 'GBP');
      for (const line of month.movements) {
        running += parseMinor(line.amount, 'GBP');
        expect(parseMinor(line.balance, 'GBP')).toBe(running);
      }
      expect(running).toBe(parseMinor(month.closing_balance, 'GBP'));
      // and both ends are the ledger's: the sum of the wallet's postings before the month and before the next
      expect(parseMinor(month.opening_balance, 'GBP')).toBe(await ledgerBalanceBefore('GBP', month.from));
      expect(parseMinor(month.closing_balance, 'GBP')).toBe(await ledgerBalanceBefore('GBP', month.to));
    }
    expect(february?.body.data.opening_balance).toBe(january?.body.data.closing_balance);
    expect(march?.body.data.opening_balance).toBe(february?.body.data.closing_balance);
    const account = await t.deps.db
      .selectFrom('ledger_accounts')
      .select('balance')
      .where('owner', '=', s.id)
      .where('kind', '=', 'customer_wallet')
      .where('currency', '=', 'GBP')
      .executeTakeFirstOrThrow();
    expect(parseMinor(march?.body.data.closing_balance, 'GBP')).toBe(account.balance);

    const euros = await statement('2026-03', 'EUR');
    expect(euros.body.data).toMatchObject({ opening_balance: '0.00', closing_balance: '114.42' });
    expect(lines(euros)).toEqual([['conversion', '114.42']]);
  });

  it('downloads January to March as the CSV and the PDF the app makes, each ending at the ledger’s balances', async () => {
    const i18n = setupI18n({ locale: 'en-GB', messages: { 'en-GB': messages } });
    for (const month of ['2026-01', '2026-02', '2026-03']) {
      const answer = await statement(month);
      expect(answer.status).toBe(200);
      const data = answer.body.data as WalletStatement;
      const opening = await ledgerBalanceBefore('GBP', data.from);
      const closing = await ledgerBalanceBefore('GBP', data.to);

      // CSV: opening row, one row per movement whose balance is the running sum, closing row: the ledger's ends
      const [header, first, ...rest] = parseCsv(statementCsv(statementTable(i18n, data)));
      const last = rest.pop();
      expect(header).toEqual(['Date', 'Description', 'Reference', 'Amount (GBP)', 'Balance (GBP)']);
      expect(first?.slice(0, 2)).toEqual([data.from.slice(0, 10), 'Opening balance']);
      expect(parseMinor(first?.[4] ?? '', 'GBP')).toBe(opening);
      let running = opening;
      for (const [, , reference = '', amount = '', balance = ''] of rest) {
        running += parseMinor(amount, 'GBP');
        expect(parseMinor(balance, 'GBP'), reference).toBe(running);
      }
      expect(rest.map((row) => row[2])).toEqual(data.movements.map((m) => m.reference));
      expect(last?.[1]).toBe('Closing balance');
      expect(parseMinor(last?.[4] ?? '', 'GBP')).toBe(closing);
      expect(running).toBe(closing);

      // PDF, as PDF.js reads it: the ledger's opening and closing balances, and every movement's reference
      const text = (await pdfText(await statementPdf(i18n, data))).join('\n');
      const shown = (minor: bigint) => displayMoney(minor, 'GBP', 'en-GB');
      const monthName = new Date(data.from).toLocaleString('en-GB', {
        month: 'long',
        year: 'numeric',
        timeZone: 'UTC',
      });
      expect(text).toContain(`Sarraf statement: GBP wallet, ${monthName}`);
      expect(text).toContain(`Opening balance: ${shown(opening)}. Closing balance: ${shown(closing)}.`);
      for (const movement of data.movements) expect(text).toContain(movement.reference);
    }
  }, 60_000);

  it('pages the movements newest first with the cursors, the same wallet on every page', async () => {
    const seen: { type: string; at: string }[] = [];
    let href: string | undefined = `${API}/remit/wallet/transactions?currency=GBP&limit=3`;
    let pages = 0;
    while (href) {
      const res = await t.call('GET', href, { token: s.token });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      seen.push(...res.body.data);
      href = res.body._links.next?.href;
      pages += 1;
    }
    expect(pages).toBe(3);
    expect(seen.map((m) => m.type)).toEqual([
      'conversion',
      'refund',
      'payment',
      'top_up',
      'payment',
      'top_up',
      'top_up',
    ]);
    const times = seen.map((m) => m.at);
    expect([...times].sort().reverse()).toEqual(times);

    // newer than the sixth (the cursor a six-row page's next link names): the five before it, newest first
    const all = await t.call('GET', `${API}/remit/wallet/transactions?currency=GBP&limit=7`, { token: s.token });
    const six = await t.call('GET', `${API}/remit/wallet/transactions?currency=GBP&limit=6`, { token: s.token });
    const cursor = new URLSearchParams(six.body._links.next.href.split('?')[1]).get('before');
    const newer = await t.call('GET', `${API}/remit/wallet/transactions?currency=GBP&after=${cursor}`, {
      token: s.token,
    });
    expect(newer.body.data).toEqual(all.body.data.slice(0, 5));
    expect(all.body._links).toEqual({});
  });

  it('refuses a month not begun, a month mistyped, a wallet not held and a cursor of another wallet', async () => {
    const future = await statement('2026-04');
    expect(future.status).toBe(400);
    expect(errorOf(future.body).property_path).toBe('month');
    const mistyped = await statement('2026-13');
    expect(mistyped.status).toBe(400);
    expect(errorOf(mistyped.body).property_path).toBe('month');
    const notHeld = await statement('2026-03', 'SEK');
    expect(notHeld.status).toBe(404);

    const euroPage = await t.call('GET', `${API}/remit/wallet/transactions?currency=EUR&limit=1`, { token: s.token });
    const euroCursor = Buffer.from(euroPage.body.data[0].id, 'utf8').toString('base64url');
    const crossed = await t.call('GET', `${API}/remit/wallet/transactions?currency=GBP&before=${euroCursor}`, {
      token: s.token,
    });
    expect(crossed.status).toBe(400);
    expect(errorOf(crossed.body).property_path).toBe('before');

    const other = await sender(t);
    const stranger = await t.call('GET', `${API}/remit/wallet/statement?month=2026-03`, { token: other.token });
    expect(stranger.body.data).toMatchObject({ opening_balance: '0.00', closing_balance: '0.00', movements: [] });
  });
});
