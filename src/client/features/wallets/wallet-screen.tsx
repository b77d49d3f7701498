import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import { isOffline } from '../../lib/api/use-endpoint.ts';
import { dateFormat } from '../../lib/date-format.ts';
import { useWireMoney } from '../../lib/use-wire-money.ts';
import { buttonClass } from '../../ui/button.ts';
import cardStyles from '../../ui/card.module.css';
import { LoadFailed } from '../../ui/load-state.tsx';
import { LoaderOverlay } from '../../ui/loader-overlay.tsx';
import { OfflineNothingYet, OfflineNotice, useNetworkActions } from '../../ui/offline-notice.tsx';
import { MOVEMENT_LABELS } from './movement-labels.ts';
import { StatementCard } from './statement-card.tsx';
import { useWalletMovements } from './use-wallet-movements.ts';
import styles from './wallets.module.css';

/** /wallets/$currency: one wallet's statements and its movements, newest first. */
export function WalletScreen({ currency }: { currency: string }) {
  return (
    <>
      <Link to="/wallets">
        <Trans>Back to your wallets</Trans>
      </Link>
      <h1>
        <Trans>Your {currency} wallet</Trans>
      </h1>
      <StatementCard currency={currency} />
      <MovementsCard currency={currency} />
    </>
  );
}

/** Every top-up, conversion, payment and refund of the wallet, with the balance after it, a page at a time. */
function MovementsCard({ currency }: { currency: string }) {
  const { i18n } = useLingui();
  const money = useWireMoney();
  const headingId = useId();
  const movements = useWalletMovements(currency);
  const date = dateFormat(i18n.locale, { dateStyle: 'medium', timeStyle: 'short' });
  const { reason, actionProps } = useNetworkActions(movements.status === 'ready' && movements.offline);
  return (
    <section className={cardStyles.card} aria-labelledby={headingId}>
      <h2 id={headingId} className={cardStyles.cardTitle}>
        <Trans>Transactions</Trans>
      </h2>
      {movements.status === 'ready' && movements.offline ? <OfflineNotice asOf={movements.asOf} /> : null}
      {reason}
      {movements.status === 'ready' ? (
        movements.data.length === 0 ? (
          <p className={styles.muted}>
            <Trans>No money has moved in this wallet yet.</Trans>
          </p>
        ) : (
          <>
            <ul className={styles.list}>
              {movements.data.map((movement) => (
                <li key={movement.id} className={styles.wallet}>
                  <span>
                    {i18n._(MOVEMENT_LABELS[movement.type])}
                    <span className={styles.muted}>
                      {' · '}
                      <time dateTime={movement.at}>{date.format(new Date(movement.at))}</time> · {movement.reference}
                    </span>
                  </span>
                  <span className={styles.balance}>
                    {movement.amount.startsWith('-') ? '' : '+'}
                    {money(movement.amount, currency)}
                    <span className={styles.balanceAfter}>
                      <Trans>Balance {money(movement.balance, currency)}</Trans>
                    </span>
                  </span>
                </li>
              ))}
            </ul>
            {movements.hasOlder ? (
              <div className={styles.actions}>
                {movements.olderState === 'failed' ? (
                  <p role="alert">
                    <Trans>We could not load older transactions.</Trans>
                  </p>
                ) : null}
                <button
                  type="button"
                  className={buttonClass('secondary')}
                  disabled={movements.olderState === 'loading'}
                  {...actionProps}
                  onClick={() => void movements.showOlder()}
                >
                  {movements.olderState === 'loading' ? (
                    <Trans>Loading older transactions…</Trans>
                  ) : (
                    <Trans>Show older transactions</Trans>
                  )}
                </button>
              </div>
            ) : null}
          </>
        )
      ) : movements.status === 'failed' && isOffline(movements.error) ? (
        <OfflineNothingYet />
      ) : movements.status === 'failed' ? (
        <LoadFailed onRetry={movements.reload}>
          <Trans>We couldn't load this wallet's transactions.</Trans>
        </LoadFailed>
      ) : (
        <LoaderOverlay type="text">
          <Trans>Loading transactions…</Trans>
        </LoaderOverlay>
      )}
    </section>
  );
}
