import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useAtomValue, useSetAtom } from 'jotai';
import { NEEDS_UPLOAD } from '../../../domain/verification.ts';
import { bankIdMigrateOpenAtom } from '../../features/bank-id/bank-id-migrate-open.ts';
import { signOut } from '../../features/sign-in/sign-out.ts';
import { ChatLauncher } from '../../features/support-chat/chat-launcher.tsx';
import { useClientFeatures } from '../../lib/client-features.ts';
import { SUPPORT_URL } from '../../lib/config.ts';
import { currentUserAtom } from '../../lib/session/current-user.ts';
import { verificationStatusText, verificationTone } from '../../lib/verification-status-text.ts';
import styles from './account-menu.module.css';
import { remittanceNotEnabledOpenAtom } from './remittance-not-enabled.tsx';

/** The profile menu's content (SPEC §2): who is signed in, then the account items. */
export function AccountMenu() {
  const user = useAtomValue(currentUserAtom);
  const { i18n } = useLingui();
  const openBankIdMigrate = useSetAtom(bankIdMigrateOpenAtom);
  const openRemittanceNotEnabled = useSetAtom(remittanceNotEnabledOpenAtom);
  const promoCodes = useClientFeatures().promo_codes;

  return (
    <div className={styles.menu}>
      {user ? (
        <div className={styles.identity}>
          {user.name ? <span className={styles.name}>{user.name}</span> : null}
          <span className={styles.email}>{user.contact}</span>
          <span className={`${styles.badge} ${styles[verificationTone(user.verificationStatus)]}`}>
            {i18n._(verificationStatusText(user.verificationStatus))}
          </span>
        </div>
      ) : null}
      <ul className={styles.items}>
        {user && NEEDS_UPLOAD.has(user.verificationStatus) ? (
          <li>
            <Link to="/profile" hash="documents" className={styles.item}>
              <Trans>Upload document</Trans>
            </Link>
          </li>
        ) : null}
        <li>
          {user && !user.remittanceEnabled ? (
            <button type="button" className={styles.item} onClick={() => openRemittanceNotEnabled(true)}>
              <Trans>Profile</Trans>
            </button>
          ) : (
            <Link to="/profile" className={styles.item}>
              <Trans>Profile</Trans>
            </Link>
          )}
        </li>
        <li>
          <a href={SUPPORT_URL} target="_blank" rel="noopener noreferrer" className={styles.item}>
            <Trans>Support</Trans>
            <span className="visually-hidden">
              {' '}
              <Trans>(opens in a new tab)</Trans>
            </span>
          </a>
        </li>
        <li>
          <ChatLauncher className={styles.item} />
        </li>
        {promoCodes ? (
          <li>
            <Link to="/your-promo-codes" className={styles.item}>
              <Trans>Promo codes</Trans>
            </Link>
          </li>
        ) : null}
        {user?.offersBankIdSignIn ? (
          <li>
            <button type="button" className={styles.item} onClick={() => openBankIdMigrate(true)}>
              <Trans>Sign in with bank ID</Trans>
            </button>
          </li>
        ) : null}
        <li>
          <Link to="/change-password" className={styles.item}>
            <Trans>Change password</Trans>
          </Link>
        </li>
        <li>
          <button type="button" className={styles.item} onClick={() => void signOut()}>
            <Trans>Sign out</Trans>
          </button>
        </li>
      </ul>
    </div>
  );
}
