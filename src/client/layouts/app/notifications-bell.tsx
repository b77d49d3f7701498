import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Notification } from '../../../domain/contract/notifications.ts';
import { listNotifications, markNotificationViewed } from '../../lib/api/notifications.ts';
import { BellIcon } from '../../ui/icons.tsx';
import { HeaderPopover } from './header-popover.tsx';
import { notificationText } from './notification-text.ts';
import styles from './notifications-bell.module.css';

type ListState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'failed' }
  /** `notifications` as they were when opened: the ones new then stay marked new while it is open */
  | { status: 'ready'; notifications: Notification[] };

/**
 * The notifications bell and its popover. Each opening fetches the list;
 * the new ones are shown as new and reported viewed (SPEC §4: new until
 * seen, then viewed).
 */
export function NotificationsBell() {
  const { t } = useLingui();
  const [state, setState] = useState<ListState>({ status: 'idle' });
  const loading = useRef<AbortController | null>(null);

  const load = useCallback(() => {
    loading.current?.abort();
    const controller = new AbortController();
    loading.current = controller;
    setState((current) => (current.status === 'ready' ? current : { status: 'loading' }));
    listNotifications(controller.signal).then(
      (notifications) => {
        if (controller.signal.aborted) return;
        setState({ status: 'ready', notifications });
        for (const { id } of notifications.filter((notification) => !notification.viewed)) {
          // one not reported now stays new and is reported on the next opening
          markNotificationViewed(id).catch(() => undefined);
        }
      },
      () => {
        // a list already shown stays; only a first load that fails says so
        if (!controller.signal.aborted)
          setState((current) => (current.status === 'ready' ? current : { status: 'failed' }));
      },
    );
  }, []);

  useEffect(() => () => loading.current?.abort(), []);

  return (
    <HeaderPopover label={t`Notifications`} icon={<BellIcon />} width="wide" onOpen={load}>
      <h2 className={styles.title}>
        <Trans>Notifications</Trans>
      </h2>
      <NotificationsContent state={state} />
    </HeaderPopover>
  );
}

function NotificationsContent({ state }: { state: ListState }) {
  if (state.status === 'loading') {
    return (
      <p className={styles.empty} role="status">
        <Trans>Loading your notifications…</Trans>
      </p>
    );
  }
  if (state.status === 'failed') {
    return (
      <p className={styles.empty} role="alert">
        <Trans>We could not load your notifications. Please try again.</Trans>
      </p>
    );
  }
  if (state.status === 'idle' || state.notifications.length === 0) {
    return (
      <p className={styles.empty}>
        <Trans>You have no notifications yet. Updates about your transfers and wallets will appear here.</Trans>
      </p>
    );
  }
  return (
    <ul className={styles.list}>
      {state.notifications.map((notification) => (
        <NotificationItem key={notification.id} notification={notification} />
      ))}
    </ul>
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
