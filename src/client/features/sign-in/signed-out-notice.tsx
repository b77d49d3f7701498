import { Trans } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { INACTIVITY_LIMIT_MS } from '../../lib/session/inactivity.ts';
import { SESSION_END_REASONS, type SessionEndReason, UNAUTHORIZED_FLAG_KEY } from '../../lib/session/logout.ts';
import styles from './signed-out-notice.module.css';

const INACTIVITY_MINUTES = INACTIVITY_LIMIT_MS / 60_000;

function storedReason(): SessionEndReason | null {
  const value = localStorage.getItem(UNAUTHORIZED_FLAG_KEY);
  if (value === null) return null;
  return SESSION_END_REASONS.find((reason) => reason === value) ?? 'expired';
}

/**
 * Tells the user, once, that their session ended without them signing out,
 * and why: they were idle too long, the session expired, or we ended it.
 */
export function SignedOutNotice() {
  const [reason] = useState(storedReason);
  useEffect(() => localStorage.removeItem(UNAUTHORIZED_FLAG_KEY), []);
  if (!reason) return null;
  return (
    <div role="status" className={styles.notice}>
      <p className={styles.title}>
        {reason === 'terminated' ? (
          <Trans>Your session has been terminated</Trans>
        ) : (
          <Trans>You've been logged out</Trans>
        )}
      </p>
      <p>
        {reason === 'idle' ? (
          <Trans>
            You were inactive for {INACTIVITY_MINUTES} minutes, so we signed you out to keep your account safe. Sign in
            again to continue.
          </Trans>
        ) : reason === 'expired' ? (
          <Trans>Your session has ended. Sign in again to continue.</Trans>
        ) : (
          <Trans>Sign in again to continue.</Trans>
        )}
      </p>
    </div>
  );
}
