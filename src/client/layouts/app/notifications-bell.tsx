import { Trans, useLingui } from '@lingui/react/macro';
import { BellIcon } from '../../ui/icons.tsx';
import { HeaderPopover } from './header-popover.tsx';
import styles from './notifications-bell.module.css';

/** The notifications bell and its popover. */
export function NotificationsBell() {
  const { t } = useLingui();
  return (
    <HeaderPopover label={t`Notifications`} icon={<BellIcon />} width="wide">
      <h2 className={styles.title}>
        <Trans>Notifications</Trans>
      </h2>
      <p className={styles.empty}>
        <Trans>You have no notifications yet. Updates about your transfers and wallets will appear here.</Trans>
      </p>
    </HeaderPopover>
  );
}
