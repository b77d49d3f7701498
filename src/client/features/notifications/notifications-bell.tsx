import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useRef, useState } from 'react';
import { type Notification, notificationsApi } from '../../../domain/contract/notifications.ts';
import { call } from '../../lib/api/client.ts';
import { isOffline, useEndpoint } from '../../lib/api/use-endpoint.ts';
import { HeaderPopover } from '../../ui/header-popover.tsx';
import { BellIcon } from '../../ui/icons.tsx';
import { OfflineNothingYet, OfflineNotice } from '../../ui/offline-notice.tsx';
import { notificationText } from './notification-text.ts';
import styles from './notifications-bell.module.css';

/**
 * The notifications bell and its popover. Each opening fetches the list;
 * the new ones are shown as new and reported viewed (SPEC §4: new until
 * seen, then viewed). A list already shown stays while the next one loads.
 */
export function NotificationsBell() {
  const { t } = useLingui();
  const [openings, setOpenings] = useState(0);
  const opened = useCallback(() => setOpenings((n) => n + 1), []);

  return (
    <HeaderPopover label={t`Notifications`} icon={<BellIcon />} width="wide" onOpen={opened}>
      <h2 className={styles.title}>
        <Trans>Notifications</Trans>
      </h2>
      {openings > 0 ? <NotificationsContent openings={openings} /> : <NoNotifications />}
    </HeaderPopover>
  );
}

function NoNotifications() {
  return (
    <p className={styles.empty}>
      <Trans>You have no notifications yet. Updates about your transfers and wallets will appear here.</Trans>
    </p>
  );
}

function NotificationsContent({ openings }: { openings: number }) {
  const list = useEndpoint(notificationsApi.listNotifications, {});
  const { reload } = list;
  const firstOpening = useRef(openings);
  useEffect(() => {
    if (openings !== firstOpening.current) reload();
  }, [openings, reload]);
  const offline = list.status === 'ready' && list.offline;
  useEffect(() => {
    // one not reported now (or offline) stays new and is reported on the next opening
    if (offline) return;
    for (const { id } of list.data?.filter((notification) => !notification.viewed) ?? []) {
      call(notificationsApi.markNotificationViewed, { params: { id } }).catch(() => undefined);
    }
  }, [list.data, offline]);

  if (list.status === 'loading') {
    return (
      <p className={styles.empty} role="status">
        <Trans>Loading your notifications…</Trans>
      </p>
    );
  }
  if (list.status === 'failed' && isOffline(list.error)) return <OfflineNothingYet />;
  if (list.status === 'failed') {
    return (
      <p className={styles.empty} role="alert">
        <Trans>We could not load your notifications. Please try again.</Trans>
      </p>
    );
  }
  return (
    <>
      {list.offline ? <OfflineNotice asOf={list.asOf} /> : null}
      {list.data.length === 0 ? (
        <NoNotifications />
      ) : (
        <ul className={styles.list}>
          {list.data.map((notification) => (
            <NotificationItem key={notification.id} notification={notification} />
          ))}
        </ul>
      )}
    </>
  );
}

function NotificationItem({ notification }: { notification: Notification }) {
  const { i18n } = useLingui();
  const { title, text } = notificationText(notification, i18n);
  const created = new Date(notification.created_at);
  const isNew = !notification.viewed;
  return (
    <li className={isNew ? `${styles.item} ${styles.new}` : styles.item}>
      <p className={styles.itemTitle}>
        {isNew && (
          <span className={styles.newMark}>
            <Trans>New</Trans>
          </span>
        )}
        {title}
      </p>
      {text && <p className={styles.itemText}>{text}</p>}
      <time className={styles.itemTime} dateTime={notification.created_at}>
        {new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'medium', timeStyle: 'short' }).format(created)}
      </time>
    </li>
  );
}
