import { textPdf } from '../../lib/pdf/text-pdf.ts';
import type { StatementTable } from './statement-table.ts';

/** Where the statement's five columns go: date, description, reference, amount, balance. */
const COLUMNS = [
  { at: 0, width: 0.16 },
  { at: 0.17, width: 0.3 },
  { at: 0.48, width: 0.22 },
  { at: 0.7, width: 0.14, align: 'right' },
  { at: 0.86, width: 0.14, align: 'right' },
] as const;

/** A month's statement as a PDF: its title, what it covers, then the table. Loaded only when asked for. */
export function statementPdf(table: StatementTable, lead: readonly string[]): Promise<Uint8Array<ArrayBuffer>> {
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
