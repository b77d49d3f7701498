import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { WalletStatement } from '../../../domain/contract/wallets.ts';
import { longMonthName } from '../../lib/month-names.ts';
import { MOVEMENT_LABELS } from './movement-labels.ts';

/**
 * A month's statement as a table, the one source of its CSV and its PDF:
 * the opening balance, each movement with the balance after it, the closing
 * balance. Dates are the UTC day (YYYY-MM-DD), as the statement's month is;
 * amounts are the API's decimal strings, or as `money` shows them.
 */
export interface StatementTable {
  title: string;
  header: string[];
  rows: string[][];
}

/** The last day of a statement's month: the day before its `to`. */
const lastDay = (to: string) => new Date(new Date(to).getTime() - 1).toISOString().slice(0, 10);

export function statementTable(
  i18n: I18n,
  statement: WalletStatement,
  money: (amount: string) => string = (amount) => amount,
): StatementTable {
  const { currency } = statement;
  const month = longMonthName(i18n, statement.month);
  return {
    title: i18n._(msg`Sarraf statement: ${currency} wallet, ${month}`),
    header: [
      i18n._(msg`Date`),
      i18n._(msg`Description`),
      i18n._(msg`Reference`),
      i18n._(msg`Amount (${currency})`),
      i18n._(msg`Balance (${currency})`),
    ],
    rows: [
      [statement.from.slice(0, 10), i18n._(msg`Opening balance`), '', '', money(statement.opening_balance)],
      ...statement.movements.map((movement) => [
        movement.at.slice(0, 10),
        i18n._(MOVEMENT_LABELS[movement.type]),
        movement.reference,
        money(movement.amount),
        money(movement.balance),
      ]),
      [lastDay(statement.to), i18n._(msg`Closing balance`), '', '', money(statement.closing_balance)],
    ],
  };
}

/** One CSV field (RFC 4180): in double quotes, its quotes doubled, when it holds a comma, a quote or a line break. */
const field = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

/** The table as CSV (RFC 4180): a header record, then one record per row, each ended by CRLF. */
export function statementCsv(table: StatementTable): string {
  return [table.header, ...table.rows].map((record) => `${record.map(field).join(',')}\r\n`).join('');
}
