import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import styles from './main-links.module.css';

/** Home, Transfers, Recipients, Wallets: the signed-in app's main navigation. */
export function MainLinks({ direction }: { direction: 'row' | 'column' }) {
  const { t } = useLingui();
  return (
    <nav aria-label={t`Main`}>
      <ul className={`${styles.list} ${styles[direction]}`}>
        <li>
          <Link to="/home" className={styles.link}>
            <Trans>Home</Trans>
          </Link>
        </li>
        <li>
          <Link to="/transfers" className={styles.link} activeOptions={{ exact: true }}>
            <Trans>Transfers</Trans>
          </Link>
        </li>
        <li>
          <Link to="/recipients" className={styles.link}>
            <Trans>Recipients</Trans>
          </Link>
        </li>
        <li>
          <Link to="/wallets" className={styles.link}>
            <Trans>Wallets</Trans>
          </Link>
        </li>
      </ul>
    </nav>
  );
}
