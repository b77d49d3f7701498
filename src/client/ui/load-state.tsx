import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { buttonClass } from './button.ts';
import styles from './load-state.module.css';

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
