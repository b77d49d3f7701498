import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { WalletStatement } from '../../../domain/contract/wallets.ts';
import { displayMoney, parseMinor } from '../../../domain/money.ts';
import { textPdf } from '../../lib/pdf/text-pdf.ts';
import { statementTable } from './statement-table.ts';

/**
 * Where the statement's five columns go: date, description, reference, amount, balance. A top-up's or a
 * conversion's reference (26 characters) fits its column on one line; a description wraps at its words.
 */
const COLUMNS = [
  { at: 0, width: 0.125 },
  { at: 0.135, width: 0.19 },
  { at: 0.335, width: 0.355 },
  { at: 0.7, width: 0.14, align: 'right' },
  { at: 0.86, width: 0.14, align: 'right' },
] as const;

/**
 * A month's statement as a PDF: its title, its balances and totals, what it
 * covers, then the table, amounts as the customer's locale shows them.
 * Loaded only when asked for.
 */
export function statementPdf(i18n: I18n, statement: WalletStatement): Promise<Uint8Array<ArrayBuffer>> {
  const { currency } = statement;
  const shown = (amount: string) => displayMoney(parseMinor(amount, currency), currency, i18n.locale);
  const table = statementTable(i18n, statement, shown);
  const lead = [
    i18n._(
      msg`Opening balance: ${shown(statement.opening_balance)}. Closing balance: ${shown(statement.closing_balance)}.`,
    ),
    i18n._(msg`Money in: ${shown(statement.money_in)}. Money out: ${shown(statement.money_out)}.`),
    i18n._(msg`Dates are UTC days. A transfer paid by card or bank only passes through the wallet and is not listed.`),
  ];
  return textPdf(
    [
      { kind: 'title', text: table.title },
      ...lead.map((text) => ({ kind: 'text' as const, text })),
      { kind: 'row', cells: table.header },
      ...table.rows.map((cells) => ({ kind: 'row' as const, cells })),
    ],
    { title: table.title, columns: COLUMNS },
  );
}
