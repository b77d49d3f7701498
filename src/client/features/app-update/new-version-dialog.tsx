import { Trans } from '@lingui/react/macro';
import { useEffect, useId, useRef } from 'react';
import { RefreshButton } from './refresh-button.tsx';

interface NewVersionDialogProps {
  refreshing: boolean;
  onRefresh: () => void;
}

/**
 * SPEC §2 new-version modal for a major update: blocking, the rest of the page
 * inert; Escape does not dismiss it, only Refresh ends it.
 */
export function NewVersionDialog({ refreshing, onRefresh }: NewVersionDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const textId = useId();

  useEffect(() => {
    if (dialog.current && !dialog.current.open) dialog.current.showModal();
  }, []);

  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      aria-describedby={textId}
      onCancel={(event) => event.preventDefault()}
      // Browsers may force-close a modal on repeated Escape; this one must stay.
      onClose={(event) => event.currentTarget.showModal()}
    >
      <h2 id={titleId}>
        <Trans>A new version of Sarraf is ready</Trans>
      </h2>
      <p id={textId}>
        <Trans>Refresh to keep using Sarraf. It only takes a moment.</Trans>
      </p>
      <RefreshButton variant="primary" refreshing={refreshing} onRefresh={onRefresh} />
    </dialog>
  );
}
