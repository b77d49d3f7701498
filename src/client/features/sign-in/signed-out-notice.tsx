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
 * The reason read once per page load: the flag is taken from storage by the first notice shown, and a sign-in
 * screen drawn again in the same load (a redirect that opens it anew) still says it. An ended session always loads
 * the page afresh (`expireSession`), so a reason never outlives its load.
 */
let readThisLoad: SessionEndReason | null | undefined;

/**
 * Tells the user that their session ended without them signing out,
 * and why: they were idle too long, the session expired, or we ended it.
 */
export function SignedOutNotice() {
  const [reason] = useState(() => {
    readThisLoad ??= storedReason();
    return readThisLoad;
  });
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
