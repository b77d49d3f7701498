import { Trans } from '@lingui/react/macro';
import styles from './app-update.module.css';
import { RefreshButton } from './refresh-button.tsx';

interface NewVersionNoticeProps {
  visible: boolean;
  refreshing: boolean;
  onRefresh: () => void;
}

/**
 * The minor-update announcement: non-blocking. The live region stays in the
 * page so screen readers announce the notice when it appears.
 */
export function NewVersionNotice({ visible, refreshing, onRefresh }: NewVersionNoticeProps) {
  return (
    <div role="status" className={styles.region}>
      {visible && (
        <div className={styles.notice}>
          <p>
            <Trans>A new version of Sarraf is available.</Trans>
          </p>
          <RefreshButton variant="secondary" refreshing={refreshing} onRefresh={onRefresh} />
        </div>
      )}
    </div>
  );
}
