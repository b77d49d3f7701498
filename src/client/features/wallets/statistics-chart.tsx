import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { balanceCalls } from '../../../domain/contract/wallets/balances.ts';
import type { WalletMonth } from '../../../domain/contract/wallets.ts';
import { displayMoney, parseMinor } from '../../../domain/money.ts';
import { isOffline, useEndpoint } from '../../lib/api/use-endpoint.ts';
import { longMonthName, shortMonthName } from '../../lib/month-names.ts';
import { LoadFailed } from '../../ui/load-state.tsx';
import { LoaderOverlay } from '../../ui/loader-overlay.tsx';
import { OfflineNothingYet, OfflineNotice } from '../../ui/offline-notice.tsx';
import styles from './statistics-chart.module.css';

const WIDTH = 320;
const HEIGHT = 160;
const AXIS = 20;
const SLOT = WIDTH / 12;
const BAR = SLOT / 3;

/**
 * Money in and out of one wallet per month, the last 12 months
 * (remit/wallet/statistics), drawn as paired bars. Loaded on demand: this
 * module is its own chunk, fetched when the customer asks for the chart.
 */
export default function StatisticsChart({ currency }: { currency: string }) {
  const statistics = useEndpoint(balanceCalls.statistics, { query: { currency } });
  if (statistics.status === 'failed' && isOffline(statistics.error)) return <OfflineNothingYet />;
  if (statistics.status === 'failed') {
    return (
      <LoadFailed onRetry={statistics.reload}>
        <Trans>We couldn't load the chart.</Trans>
      </LoadFailed>
    );
  }
  if (statistics.status === 'loading') {
    return (
      <LoaderOverlay type="circle">
        <Trans>Loading the chart…</Trans>
      </LoaderOverlay>
    );
  }
  return (
    <>
      {statistics.offline ? <OfflineNotice asOf={statistics.asOf} /> : null}
      <MonthBars months={statistics.data} currency={currency} />
    </>
  );
}

function MonthBars({ months, currency }: { months: readonly WalletMonth[]; currency: string }) {
  const { i18n, t } = useLingui();
  const captionId = useId();
  const figures = months.map((m) => {
    const moneyIn = parseMinor(m.money_in, currency);
    const moneyOut = parseMinor(m.money_out, currency);
    const [month, shownIn, shownOut] = [
      longMonthName(i18n, m.month),
      displayMoney(moneyIn, currency, i18n.locale),
      displayMoney(moneyOut, currency, i18n.locale),
    ];
    return { month: m.month, moneyIn, moneyOut, label: t`${month}: in ${shownIn}, out ${shownOut}` };
  });
  const largest = figures.reduce((max, f) => [max, f.moneyIn, f.moneyOut].reduce((a, b) => (b > a ? b : a)), 0n);
  // pixels only: the money itself stays exact
  const height = (minor: bigint) => (largest === 0n ? 0 : (Number(minor) / Number(largest)) * (HEIGHT - AXIS - 4));

  return (
    <figure className={styles.figure}>
      <figcaption id={captionId} className={styles.caption}>
        <Trans>Money in and out of your {currency} wallet per month, the last 12 months</Trans>
      </figcaption>
      <ul className={styles.legend}>
        <li className={styles.in}>
          <Trans>Money in</Trans>
        </li>
        <li className={styles.out}>
          <Trans>Money out</Trans>
        </li>
      </ul>
      {largest === 0n ? (
        <p className={styles.empty}>
          <Trans>No money has moved in this wallet in the last 12 months.</Trans>
        </p>
      ) : null}
      {/* the bars are for the eye; the list under them says the same to a screen reader */}
      <svg className={styles.chart} viewBox={`0 0 ${WIDTH} ${HEIGHT}`} aria-hidden="true" focusable="false">
        <line className={styles.axis} x1={0} x2={WIDTH} y1={HEIGHT - AXIS} y2={HEIGHT - AXIS} />
        {figures.map((f, index) => {
          const x = index * SLOT + BAR / 2;
          const inHeight = height(f.moneyIn);
          const outHeight = height(f.moneyOut);
          return (
            <g key={f.month}>
              <title>{f.label}</title>
              <rect className={styles.barIn} x={x} y={HEIGHT - AXIS - inHeight} width={BAR} height={inHeight} />
              <rect
                className={styles.barOut}
                x={x + BAR}
                y={HEIGHT - AXIS - outHeight}
                width={BAR}
                height={outHeight}
              />
              <text className={styles.month} x={x + BAR} y={HEIGHT - 6} textAnchor="middle">
                {shortMonthName(i18n, f.month)}
              </text>
            </g>
          );
        })}
      </svg>
      <ol className="visually-hidden" aria-labelledby={captionId}>
        {figures.map((f) => (
          <li key={f.month}>{f.label}</li>
        ))}
      </ol>
    </figure>
  );
}
