import { Trans } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { UNAUTHORIZED_FLAG_KEY } from '../../lib/session/logout.ts';
import styles from './signed-out-notice.module.css';

/**
 * Tells the user, once, that their session ended without them signing out
 * (the API refused it, or they were idle too long).
 */
export function SignedOutNotice() {
  const [shown] = useState(() => localStorage.getItem(UNAUTHORIZED_FLAG_KEY) !== null);
  useEffect(() => localStorage.removeItem(UNAUTHORIZED_FLAG_KEY), []);
  if (!shown) return null;
  return (
    <div role="status" className={styles.notice}>
      <p className={styles.title}>
        <Trans>You've been logged out</Trans>
      </p>
      <p>
        <Trans>Your session has been terminated. Sign in again to continue.</Trans>
      </p>
    </div>
  );
}
