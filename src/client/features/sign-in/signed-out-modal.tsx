import { Trans } from '@lingui/react/macro';
import { useEffect, useId, useRef, useState } from 'react';
import { INACTIVITY_LIMIT_MS } from '../../lib/session/inactivity.ts';
import { SESSION_END_REASONS, type SessionEndReason, UNAUTHORIZED_FLAG_KEY } from '../../lib/session/logout.ts';
import { buttonClass } from '../../ui/button.ts';
import { Dialog } from '../../ui/dialog.tsx';

const INACTIVITY_MINUTES = INACTIVITY_LIMIT_MS / 60_000;

function storedReason(): SessionEndReason | null {
  const value = localStorage.getItem(UNAUTHORIZED_FLAG_KEY);
  if (value === null) return null;
  return SESSION_END_REASONS.find((reason) => reason === value) ?? 'expired';
}

/**
 * SPEC §2, §8's logged-out modal: tells the user, once, on sign-in that
 * their session ended without them signing out, and why (idle too long, the
 * session expired, or we ended it); OK closes it.
 */
export function SignedOutModal() {
  const [reason] = useState(storedReason);
  const [open, setOpen] = useState(reason !== null);
  const titleId = useId();
  const okRef = useRef<HTMLButtonElement>(null);
  // only the reason it tells is taken: a reason left after this page read none (the session ended as the router was
  // already on its way here, `expireSession` still clearing) is for the page `expireSession` then loads
  useEffect(() => {
    if (reason !== null) localStorage.removeItem(UNAUTHORIZED_FLAG_KEY);
  }, [reason]);
  useEffect(() => {
    if (open) okRef.current?.focus();
  }, [open]);
  if (!reason) return null;
  return (
    <Dialog open={open} onClose={() => setOpen(false)} labelledBy={titleId} role="alertdialog" size="sm">
      <h2 id={titleId}>
        {reason === 'terminated' ? (
          <Trans>Your session has been terminated</Trans>
        ) : (
          <Trans>You've been logged out</Trans>
        )}
      </h2>
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
      <form method="dialog">
        <button ref={okRef} type="submit" className={buttonClass('primary')}>
          <Trans>OK</Trans>
        </button>
      </form>
    </Dialog>
  );
}
