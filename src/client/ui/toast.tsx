import { useLingui } from '@lingui/react/macro';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import styles from './toast.module.css';

/** SPEC §9: a toast shows for 5 seconds; a dismissed one fades out in 200 ms. */
export const TOAST_MS = 5_000;
export const TOAST_DISMISS_MS = 200;

/**
 * A short confirmation of something done ("Amina Otieno deleted") at the
 * foot of the screen, announced politely, gone after 5 seconds or when
 * dismissed. `toast` goes into the screen (its live region is always there,
 * so a screen reader hears what appears in it); `show` puts a message in it.
 */
export function useToast(): { toast: ReactNode; show: (message: string) => void } {
  const { t } = useLingui();
  const [message, setMessage] = useState<{ text: string; leaving: boolean } | null>(null);

  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(
      () => (message.leaving ? setMessage(null) : setMessage({ ...message, leaving: true })),
      message.leaving ? TOAST_DISMISS_MS : TOAST_MS,
    );
    return () => clearTimeout(timer);
  }, [message]);

  const show = useCallback((text: string) => setMessage({ text, leaving: false }), []);
  const toast = (
    <div role="status" className={styles.region}>
      {message ? (
        <div className={styles.toast} data-leaving={message.leaving || undefined}>
          <span>{message.text}</span>
          <button
            type="button"
            className={styles.dismiss}
            aria-label={t`Close`}
            onClick={() => setMessage({ ...message, leaving: true })}
          >
            ×
          </button>
        </div>
      ) : null}
    </div>
  );
  return { toast, show };
}
