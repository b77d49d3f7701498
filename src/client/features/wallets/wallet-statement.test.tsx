import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { parseCsv } from '../../../../tests/support/csv.ts';
import { pdfText } from '../../../../tests/support/pdf-text.ts';
import type { WalletMovement, WalletStatement } from '../../../domain/contract/wallets.ts';
import { formatMinor, parseMinor } from '../../../domain/money.ts';
import { appStore } from '../../lib/session/app-store.ts';
import { accessTokenAtom } from '../../lib/session/session-atoms.ts';
import { resetAppStore, SESSION_TOKEN, userData } from '../../testing/auth-fixtures.ts';
import { fakeApi, reply, type SentRequest } from '../../testing/fake-api.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { statementCsv } from './statement-table.ts';

const STATEMENT = 'GET /api/main/remit/wallet/statement';
const MOVEMENTS = 'GET /api/main/remit/wallet/transactions';

/** A month's statement as the API answers it: its movements in order, each balance the one before plus its amount. */
function statementOf(
  month: string,
  opening: bigint,
  moves: [WalletMovement['type'], string, bigint][],
): WalletStatement {
  const [year, m] = month.split('-').map(Number) as [number, number];
  let balance = opening;
  const movements = moves.map(([type, reference, amount], n) => {
    balance += amount;
    return {
      id: `${month}-${n}`,
      at: new Date(Date.UTC(year, m - 1, 3 + n * 7, 9)).toISOString(),
      type,
      reference,
      amount: formatMinor(amount, 'GBP'),
      balance: formatMinor(balance, 'GBP'),
    };
  });
  const sum = (sign: 1n | -1n) => moves.reduce((s, [, , a]) => (a * sign > 0n ? s + a * sign : s), 0n);
  return {
    currency: 'GBP',
    month,
    from: new Date(Date.UTC(year, m - 1, 1)).toISOString(),
    to: new Date(Date.UTC(year, m, 1)).toISOString(),
    opening_balance: formatMinor(opening, 'GBP'),
    closing_balance: formatMinor(balance, 'GBP'),
    money_in: formatMinor(sum(1n), 'GBP'),
    money_out: formatMinor(sum(-1n), 'GBP'),
    movements,
  };
}

/** The months the statement card offers: this one and the two before, YYYY-MM (UTC). */
const now = new Date();
const monthsBack = (n: number) =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - n, 1)).toISOString().slice(0, 7);
const [thisMonth, lastMonth, twoBack] = [monthsBack(0), monthsBack(1), monthsBack(2)];
const older = statementOf(twoBack, 0n, [
  ['top_up', 'tup_first', 300_00n],
  ['top_up', 'tup_second', 50_00n],
  ['payment', 'SR00000001', -101_99n],
]);
const last = statementOf(lastMonth, 248_01n, [
  ['top_up', 'tup_third', 100_00n],
  ['payment', 'SR00000002', -51_99n],
  ['refund', 'SR00000002', 51_99n],
]);
const current = statementOf(thisMonth, 348_01n, [['conversion', 'cnv_1', -100_00n]]);
const STATEMENTS: Record<string, WalletStatement> = { [twoBack]: older, [lastMonth]: last, [thisMonth]: current };

describe('a wallet’s statements and transactions', () => {
  let files: File[];
  beforeEach(() => {
    resetAppStore();
    appStore.set(accessTokenAtom, SESSION_TOKEN);
    files = [];
    // the download link's click: jsdom cannot navigate, and the file is already caught above
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: (file: File) => files.push(file) && 'blob:x', revokeObjectURL: () => {} }),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  const api = () =>
    fakeApi({
      'POST /api/main/user/get': reply(200, { data: userData({}) }),
      [STATEMENT]: (request: SentRequest) =>
        reply(200, { data: STATEMENTS[request.query.get('month') ?? ''] })(request),
      [MOVEMENTS]: [
        reply(200, {
          data: [...last.movements, ...current.movements].reverse().slice(0, 3),
          _links: { next: { href: '/api/main/remit/wallet/transactions?before=MQ&limit=3&currency=GBP' } },
        }),
        reply(200, { data: last.movements.slice(0, 1), _links: {} }),
      ],
    });

  it('downloads a month as CSV (RFC 4180) whose balances add up from opening to closing', async () => {
    const sent = api();
    await renderApp('/wallets/GBP', { store: appStore });
    await screen.findByRole('heading', { level: 1, name: 'Your GBP wallet' });
    for (const month of [twoBack, lastMonth, thisMonth]) {
      fireEvent.change(screen.getByLabelText('Month'), { target: { value: month } });
      fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
      await waitFor(() => expect(files).toHaveLength(1));
      const file = files.pop() as File;
      expect(file.name).toBe(`sarraf-statement-GBP-${month}.csv`);
      const text = await file.text();
      expect(text.endsWith('\r\n')).toBe(true);
      const [header, opening, ...rest] = parseCsv(text);
      const closing = rest.pop();
      expect(header).toEqual(['Date', 'Description', 'Reference', 'Amount (GBP)', 'Balance (GBP)']);
      expect(opening?.slice(1)).toEqual(['Opening balance', '', '', STATEMENTS[month]?.opening_balance]);
      expect(closing?.slice(1)).toEqual(['Closing balance', '', '', STATEMENTS[month]?.closing_balance]);
      let balance = parseMinor(opening?.[4] ?? '', 'GBP');
      for (const [, , , amount = '', after = ''] of rest) {
        balance += parseMinor(amount, 'GBP');
        expect(parseMinor(after, 'GBP')).toBe(balance);
      }
      expect(balance).toBe(parseMinor(closing?.[4] ?? '', 'GBP'));
      expect(rest).toHaveLength(STATEMENTS[month]?.movements.length ?? -1);
    }
    expect(sent.to(STATEMENT).map((r) => [r.query.get('currency'), r.query.get('month')])).toEqual([
      ['GBP', twoBack],
      ['GBP', lastMonth],
      ['GBP', thisMonth],
    ]);
  });

  it('downloads a month as a PDF with its opening balance, each line and its closing balance, in Somali too', async () => {
    api();
    await renderApp('/wallets/GBP', { store: appStore, locale: 'so' });
    await screen.findByRole('heading', { level: 1, name: 'Boorsadaada GBP' });
    fireEvent.change(screen.getByLabelText('Bisha'), { target: { value: twoBack } });
    fireEvent.click(screen.getByRole('button', { name: 'Soo deji PDF' }));
    // the PDF chunk (pdf-lib, fontkit, the fonts) loads on first use: on a loaded machine that takes a while
    await waitFor(() => expect(files).toHaveLength(1), { timeout: 45_000 });
    const file = files.pop() as File;
    expect(file.type).toBe('application/pdf');
    const text = (await pdfText(new Uint8Array(await file.arrayBuffer()))).join('\n');
    expect(text).toContain('Warbixinta Sarraf: boorsada GBP');
    expect(text).toContain('Haraaga furitaanka');
    expect(text).toContain('Haraaga xiritaanka');
    for (const movement of older.movements) expect(text).toContain(movement.reference);
    expect(text).toContain('Lacag-dir la bixiyay'); // the payment's line
  }, 60_000);

  it('lists the movements newest first and shows older ones on request', async () => {
    const sent = api();
    await renderApp('/wallets/GBP', { store: appStore });
    const card = (await screen.findByRole('heading', { level: 2, name: 'Transactions' })).closest('section');
    if (!card) throw new Error('no transactions card');
    await within(card).findByText(/^Conversion/);
    expect(within(card).getAllByRole('listitem')).toHaveLength(3);
    fireEvent.click(within(card).getByRole('button', { name: 'Show older transactions' }));
    await waitFor(() => expect(within(card).getAllByRole('listitem')).toHaveLength(4));
    expect(within(card).queryByRole('button', { name: 'Show older transactions' })).toBeNull();
    expect(sent.to(MOVEMENTS).map((r) => r.query.toString())).toEqual([
      'currency=GBP',
      'currency=GBP&before=MQ&limit=3',
    ]);
  });

  it('writes CSV fields with commas, quotes and line breaks in quotes, quotes doubled', () => {
    const csv = statementCsv({
      title: 't',
      header: ['a', 'b'],
      rows: [
        ['x, y', 'say "hi"'],
        ['two\r\nlines', 'plain'],
      ],
    });
    expect(csv).toBe('a,b\r\n"x, y","say ""hi"""\r\n"two\r\nlines",plain\r\n');
    expect(parseCsv(csv)).toEqual([
      ['a', 'b'],
      ['x, y', 'say "hi"'],
      ['two\r\nlines', 'plain'],
    ]);
  });
});
