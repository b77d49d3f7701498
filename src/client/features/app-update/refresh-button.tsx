import { Trans } from '@lingui/react/macro';
import { type ButtonVariant, buttonClass } from '../../ui/button.ts';
import styles from './app-update.module.css';

interface RefreshButtonProps {
  variant: ButtonVariant;
  refreshing: boolean;
  onRefresh: () => void;
}

/** Stays focusable while busy (aria-disabled), so focus is not lost inside the modal. */
export function RefreshButton({ variant, refreshing, onRefresh }: RefreshButtonProps) {
  return (
    <button
      type="button"
      className={[buttonClass(variant), refreshing ? styles.busy : undefined].filter(Boolean).join(' ')}
      aria-disabled={refreshing}
      onClick={() => {
        if (!refreshing) onRefresh();
      }}
    >
      {refreshing ? <Trans>Refreshing…</Trans> : <Trans>Refresh</Trans>}
    </button>
  );
}
