import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { statementCalls } from '../../../domain/contract/wallets/statement.ts';
import { call } from '../../lib/api/client.ts';
import { downloadFile } from '../../lib/download-file.ts';
import { longMonthName } from '../../lib/month-names.ts';
import { buttonClass } from '../../ui/button.ts';
import cardStyles from '../../ui/card.module.css';
import { FormField, inputClass } from '../../ui/form-field.tsx';
import { statementCsv, statementTable } from './statement-table.ts';
import styles from './wallets.module.css';

/** How many months back a statement can be chosen from, the month under way first. */
const MONTHS_OFFERED = 12;

/** The last 12 months as YYYY-MM (UTC), newest first. */
function recentMonths(now: Date): string[] {
  return Array.from({ length: MONTHS_OFFERED }, (_, n) =>
    new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - n, 1)).toISOString().slice(0, 7),
  );
}

/**
 * A wallet's monthly statement to download: the month chosen, then as CSV
 * (for a spreadsheet or an accountant) or PDF (to keep or show), each from
 * the opening balance through every movement to the closing balance.
 */
export function StatementCard({ currency }: { currency: string }) {
  const { i18n } = useLingui();
  const headingId = useId();
  const months = recentMonths(new Date());
  const [month, setMonth] = useState(months[0] ?? '');
  const [state, setState] = useState<'ready' | 'working' | 'failed'>('ready');

  const download = async (format: 'csv' | 'pdf') => {
    setState('working');
    try {
      const statement = await call(statementCalls.walletStatement, { query: { currency, month } });
      const name = `sarraf-statement-${currency}-${month}.${format}`;
      if (format === 'csv') {
        const csv = statementCsv(statementTable(i18n, statement));
        downloadFile(new File([csv], name, { type: 'text/csv;charset=utf-8' }));
      } else {
        const { statementPdf } = await import('./statement-pdf.ts');
        downloadFile(new File([await statementPdf(i18n, statement)], name, { type: 'application/pdf' }));
      }
      setState('ready');
    } catch {
      setState('failed');
    }
  };

  return (
    <section className={cardStyles.card} aria-labelledby={headingId}>
      <h2 id={headingId} className={cardStyles.cardTitle}>
        <Trans>Statements</Trans>
      </h2>
      <p className={styles.muted}>
        <Trans>
          A month of your {currency} wallet: the balance it opened with, every top-up, conversion, payment and refund,
          and the balance it closed with.
        </Trans>
      </p>
      <div className={styles.open}>
        <FormField id={`${headingId}-month`} label={<Trans>Month</Trans>}>
          {(control) => (
            <select
              {...control}
              className={inputClass}
              value={month}
              onChange={(event) => setMonth(event.target.value)}
            >
              {months.map((value) => (
                <option key={value} value={value}>
                  {longMonthName(i18n, value)}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <button
          type="button"
          className={buttonClass('secondary')}
          disabled={state === 'working'}
          onClick={() => void download('csv')}
        >
          <Trans>Download CSV</Trans>
        </button>
        <button
          type="button"
          className={buttonClass('secondary')}
          disabled={state === 'working'}
          onClick={() => void download('pdf')}
        >
          <Trans>Download PDF</Trans>
        </button>
      </div>
      {state === 'failed' ? (
        <p role="alert">
          <Trans>We could not make your statement. Check your connection and try again.</Trans>
        </p>
      ) : null}
    </section>
  );
}
