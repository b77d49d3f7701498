import { Trans } from '@lingui/react/macro';
import { useEffect, useId, useRef } from 'react';
import { buttonClass } from '../../ui/button.ts';
import { Dialog } from '../../ui/dialog.tsx';

/** SPEC §8's access-denied modal: the OAuth-style API refused the token, which is already forgotten; OK closes it. */
export default function AccessDeniedDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const titleId = useId();
  const okRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (open) okRef.current?.focus();
  }, [open]);

  return (
    <Dialog open={open} onClose={onClose} labelledBy={titleId} role="alertdialog" size="sm">
      <h2 id={titleId}>
        <Trans>Access denied</Trans>
      </h2>
      <p>
        <Trans>This sign-in or registration can no longer go on. Start again from the beginning.</Trans>
      </p>
      <form method="dialog">
        <button ref={okRef} type="submit" className={buttonClass('primary')}>
          <Trans>OK</Trans>
        </button>
      </form>
    </Dialog>
  );
}
