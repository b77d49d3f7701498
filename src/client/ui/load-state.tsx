import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { buttonClass } from './button.ts';
import styles from './load-state.module.css';

/** Shown while a screen's data loads; announced politely. */
export function Loading({ children }: { children: ReactNode }) {
  return (
    <p role="status" className={styles.loading}>
      {children}
    </p>
  );
}

/** Shown when a screen's data could not be loaded, with a way to try again. */
export function LoadFailed({ children, onRetry }: { children: ReactNode; onRetry: () => void }) {
  return (
    <div role="alert" className={styles.failed}>
      <p>{children}</p>
      <button type="button" className={buttonClass('secondary')} onClick={onRetry}>
        <Trans>Try again</Trans>
      </button>
    </div>
  );
}
