import { Trans } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { buttonClass } from './button.ts';
import styles from './copy-button.module.css';

/** How long "Copied" shows before the button reads "Copy" again. */
const COPIED_MS = 2_000;

/**
 * Copies `value` to the clipboard (bank details, a payment reference), so nothing is typed wrong; says "Copied" for a
 * moment, politely announced. `what` names the value for screen readers ("Copy the payment reference"). Where the
 * browser has no clipboard (an insecure page), there is no button: the value stays selectable.
 */
export function CopyButton({ value, what }: { value: string; what: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  if (typeof navigator === 'undefined' || !navigator.clipboard) return null;
  return (
    <button
      type="button"
      className={`${buttonClass('ghost')} ${styles.copy}`}
      onClick={() =>
        void navigator.clipboard.writeText(value).then(
          () => setCopied(true),
          () => undefined,
        )
      }
    >
      <span aria-live="polite">
        {copied ? (
          <Trans>Copied</Trans>
        ) : (
          <Trans>
            Copy <span className="visually-hidden">{what}</span>
          </Trans>
        )}
      </span>
    </button>
  );
}
