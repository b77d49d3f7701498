import { Trans } from '@lingui/react/macro';
import { lazy, Suspense, useId, useState } from 'react';
import { balanceCalls } from '../../../domain/contract/wallets/balances.ts';
import { useEndpoint } from '../../lib/api/use-endpoint.ts';
import { buttonClass } from '../../ui/button.ts';
import cardStyles from '../../ui/card.module.css';
import { FormField, inputClass } from '../../ui/form-field.tsx';
import { LoaderOverlay, useHoldReveal } from '../../ui/loader-overlay.tsx';
import styles from './wallets.module.css';

/** The chart's code, fetched only when the customer asks for it: nothing of it in the first load. */
const StatisticsChart = lazy(() => import('./statistics-chart.tsx'));

/** Money in and out of a wallet per month (SPEC §2 Wallet statistics), as a chart shown on demand. */
export function WalletStatisticsCard() {
  const headingId = useId();
  const wallets = useEndpoint(balanceCalls.getWallets, {});
  useHoldReveal(wallets.status === 'loading');
  const [currency, setCurrency] = useState<string>();
  const [shown, setShown] = useState(false);
  if (wallets.status !== 'ready') return null;
  const chosen = currency ?? wallets.data[0]?.currencyCode;
  if (!chosen) return null;

  return (
    <section className={cardStyles.card} aria-labelledby={headingId}>
      <h2 id={headingId} className={cardStyles.cardTitle}>
        <Trans>Money in and out</Trans>
      </h2>
      {wallets.data.length > 1 ? (
        <FormField id={`${headingId}-wallet`} label={<Trans>Wallet for the chart</Trans>}>
          {(control) => (
            <select
              {...control}
              className={inputClass}
              value={chosen}
              onChange={(event) => setCurrency(event.target.value)}
            >
              {wallets.data.map((w) => (
                <option key={w.currencyCode} value={w.currencyCode}>
                  {w.currencyCode}
                </option>
              ))}
            </select>
          )}
        </FormField>
      ) : null}
      {shown ? (
        <Suspense
          fallback={
            <LoaderOverlay type="circle">
              <Trans>Loading the chart…</Trans>
            </LoaderOverlay>
          }
        >
          <StatisticsChart currency={chosen} />
        </Suspense>
      ) : (
        <div className={styles.actions}>
          <button type="button" className={buttonClass('secondary')} onClick={() => setShown(true)}>
            <Trans>Show money in and out</Trans>
          </button>
        </div>
      )}
    </section>
  );
}
