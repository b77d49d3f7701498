import type { ReactNode } from 'react';
import type { OlderState } from '../lib/api/use-older-pages.ts';
import { buttonClass } from './button.ts';
import styles from './older-items.module.css';

/**
 * The control under a paged list whose older rows are not shown yet
 * (lib/api/use-older-pages.ts): a button that asks for the next page, saying
 * so while it loads, and an alert when that failed. Nothing once the last
 * page is shown.
 */
export function OlderItems({
  older,
  labels,
}: {
  older: { hasOlder: boolean; olderState: OlderState; showOlder: () => Promise<void> };
  /** what the button says, what it says while loading, and the alert when loading failed */
  labels: { show: ReactNode; loading: ReactNode; failed: ReactNode };
}) {
  if (!older.hasOlder) return null;
  return (
    <div className={styles.older}>
      {older.olderState === 'failed' ? <p role="alert">{labels.failed}</p> : null}
      <button
        type="button"
        className={buttonClass('secondary')}
        disabled={older.olderState === 'loading'}
        onClick={() => void older.showOlder()}
      >
        {older.olderState === 'loading' ? labels.loading : labels.show}
      </button>
    </div>
  );
}
