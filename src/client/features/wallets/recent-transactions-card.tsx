import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import { trackingCalls } from '../../../domain/contract/transfers/tracking.ts';
import { isOffline, useEndpoint } from '../../lib/api/use-endpoint.ts';
import { dateFormat } from '../../lib/date-format.ts';
import { STATUS_LABELS } from '../../lib/transfer-status-labels.ts';
import { useWireMoney } from '../../lib/use-wire-money.ts';
import cardStyles from '../../ui/card.module.css';
import { LoadFailed } from '../../ui/load-state.tsx';
import { LoaderOverlay, useHoldReveal } from '../../ui/loader-overlay.tsx';
import { OfflineNothingYet, OfflineNotice } from '../../ui/offline-notice.tsx';
import styles from './wallets.module.css';

/** How many of the newest transfers the wallet screen shows; the transfers list has the rest. */
export const RECENT_TRANSACTIONS_SHOWN = 5;

/** SPEC §2 Wallet: the recent transactions (`GET /api/v2/recent-transactions`), each opening its transfer. */
export function RecentTransactionsCard() {
  const { i18n } = useLingui();
  const money = useWireMoney();
  const headingId = useId();
  const recent = useEndpoint(trackingCalls.listRecentTransfers, { query: { limit: RECENT_TRANSACTIONS_SHOWN } });
  useHoldReveal(recent.status === 'loading');
  const date = dateFormat(i18n.locale, { dateStyle: 'medium' });
  return (
    <section className={cardStyles.card} aria-labelledby={headingId}>
      <h2 id={headingId} className={cardStyles.cardTitle}>
        <Trans>Recent transactions</Trans>
      </h2>
      {recent.status === 'ready' && recent.offline ? <OfflineNotice asOf={recent.asOf} /> : null}
      {recent.status === 'ready' ? (
        recent.data.length === 0 ? (
          <p className={styles.muted}>
            <Trans>You have not sent any money yet.</Trans>
          </p>
        ) : (
          <ul className={styles.list}>
            {recent.data.map((transfer) => (
              <li key={transfer.trans_ref} className={styles.wallet}>
                <span>
                  <Link to="/transfers/$transactionReference" params={{ transactionReference: transfer.trans_ref }}>
                    {transfer.beneficiary.name}
                  </Link>
                  <span className={styles.muted}>
                    {' · '}
                    {date.format(new Date(transfer.created_at))} · {i18n._(STATUS_LABELS[transfer.status_label])}
                  </span>
                </span>
                <span className={styles.balance}>{money(transfer.total, transfer.source_currency)}</span>
              </li>
            ))}
          </ul>
        )
      ) : recent.status === 'failed' && isOffline(recent.error) ? (
        <OfflineNothingYet />
      ) : recent.status === 'failed' ? (
        <LoadFailed onRetry={recent.reload}>
          <Trans>We couldn't load your recent transactions.</Trans>
        </LoadFailed>
      ) : (
        <LoaderOverlay type="circle">
          <Trans>Loading your recent transactions…</Trans>
        </LoaderOverlay>
      )}
      <p>
        <Link to="/transfers">
          <Trans>See all your transfers</Trans>
        </Link>
      </p>
    </section>
  );
}
