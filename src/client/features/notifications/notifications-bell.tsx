import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, type LinkProps } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { type Notification, notificationsApi } from '../../../domain/contract/notifications.ts';
import { call } from '../../lib/api/client.ts';
import { isOffline, useEndpoint } from '../../lib/api/use-endpoint.ts';
import { type PageFetcher, useOlderPages } from '../../lib/api/use-older-pages.ts';
import { dateFormat } from '../../lib/date-format.ts';
import { userAtom } from '../../lib/session/user-data.ts';
import { usePushReceived } from '../../lib/use-push-received.ts';
import { buttonClass } from '../../ui/button.ts';
import { HeaderPopover } from '../../ui/header-popover.tsx';
import { BellIcon, CloseIcon } from '../../ui/icons.tsx';
import { OfflineNothingYet, OfflineNotice } from '../../ui/offline-notice.tsx';
import { OlderItems } from '../../ui/older-items.tsx';
import { notificationText } from './notification-text.ts';
import styles from './notifications-bell.module.css';
import { rememberViewed, viewedNotifications } from './viewed-notifications.ts';

const NONE: ReadonlySet<string> = new Set();

/** SPEC §9: a dismissed notification leaves after a 200 ms animation. */
const DISMISS_MS = 200;

const CATEGORY_NAMES: Record<Notification['category'], MessageDescriptor> = {
  transactions: msg`Transfers`,
  wallet: msg`Wallet`,
  bonus: msg`Bonus`,
};

const olderNotifications: PageFetcher<Notification> = (query) => call(notificationsApi.listNotifications, { query });

/** Where a notification leads: its transfer, the wallets, the promo codes. */
function targetOf(notification: Notification): LinkProps {
  const transRef = notification.params.trans_ref;
  if (notification.category === 'transactions' && transRef) {
    return { to: '/transfers/$transactionReference', params: { transactionReference: transRef } };
  }
  if (notification.category === 'wallet') return { to: '/wallets' };
  if (notification.category === 'bonus') return { to: '/your-promo-codes' };
  return { to: '/transfers' };
}

/**
 * The notifications bell: the count of new ones on the bell, and the popover listing them, newest first, each
 * with its category and a link to what it is about. A notification is new until dismissed (or opened); then it is
 * viewed (told to the server, and kept in this customer's cookie, SPEC §9) and leaves the list. The list's first page
 * is asked for when the header loads, at each opening (what the header loaded may predate what just happened; the list
 * shown stays while it is asked again) and when a push arrives; older pages when the customer asks.
 */
export function NotificationsBell() {
  const { t } = useLingui();
  const customerId = useAtomValue(userAtom)?.id;
  const list = useEndpoint(notificationsApi.listNotifications, {});
  const { reload } = list;
  const { rows, ...older } = useOlderPages(list.data, olderNotifications, (notification) => notification.id);
  // the customer's cookie is read once there is a list to sift: reading `document.cookie` is a synchronous call to
  // the browser's network process, which took up to 13 ms of a page's first render while its files were loading
  const kept = useMemo(
    () => (customerId && list.data ? viewedNotifications(customerId) : NONE),
    [customerId, list.data],
  );
  const [dismissed, setDismissed] = useState<ReadonlySet<string>>(NONE);
  usePushReceived(reload);

  const fresh = (rows ?? []).filter(
    (notification) => !notification.viewed && !kept.has(notification.id) && !dismissed.has(notification.id),
  );
  const dismiss = useCallback(
    (id: string) => {
      if (customerId) rememberViewed(customerId, id);
      setDismissed((current) => new Set([...current, id]));
      call(notificationsApi.markNotificationViewed, { params: { id } }).catch(() => undefined);
    },
    [customerId],
  );
  const count = fresh.length;

  return (
    <HeaderPopover
      label={count > 0 ? t`Notifications, ${plural(count, { one: '# new', other: '# new' })}` : t`Notifications`}
      icon={<BellIcon />}
      badge={count > 0 ? String(count > 99 ? '99+' : count) : undefined}
      width="wide"
      onOpen={reload}
    >
      <h2 className={styles.title}>
        <Trans>Notifications</Trans>
      </h2>
      {list.status === 'loading' ? (
        <p className={styles.empty} role="status">
          <Trans>Loading your notifications…</Trans>
        </p>
      ) : list.status === 'failed' && isOffline(list.error) ? (
        <OfflineNothingYet />
      ) : list.status === 'failed' ? (
        <p className={styles.empty} role="alert">
          <Trans>We could not load your notifications. Please try again.</Trans>
        </p>
      ) : (
        <>
          {list.offline ? <OfflineNotice asOf={list.asOf} /> : null}
          {fresh.length === 0 ? (
            // new ones may still be on the older pages
            older.hasOlder ? null : (
              <p className={styles.empty}>
                <Trans>You have no notifications yet. Updates about your transfers and wallets will appear here.</Trans>
              </p>
            )
          ) : (
            <ul className={styles.list}>
              {fresh.map((notification) => (
                <NotificationItem key={notification.id} notification={notification} onDismiss={dismiss} />
              ))}
            </ul>
          )}
          <OlderItems
            older={older}
            labels={{
              show: <Trans>Show older notifications</Trans>,
              loading: <Trans>Loading older notifications…</Trans>,
              failed: <Trans>We could not load older notifications.</Trans>,
            }}
          />
        </>
      )}
    </HeaderPopover>
  );
}

function NotificationItem({
  notification,
  onDismiss,
}: {
  notification: Notification;
  onDismiss: (id: string) => void;
}) {
  const { i18n, t } = useLingui();
  const { title, text } = notificationText(notification, i18n);
  const [leaving, setLeaving] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const dismiss = () => {
    setLeaving(true);
    timer.current = setTimeout(() => onDismiss(notification.id), DISMISS_MS);
  };
  return (
    <li className={leaving ? `${styles.item} ${styles.leaving}` : styles.item}>
      <p className={styles.category}>{i18n._(CATEGORY_NAMES[notification.category])}</p>
      <p className={styles.itemTitle}>
        {/* opening it is seeing it */}
        <Link {...targetOf(notification)} onClick={() => onDismiss(notification.id)}>
          {title}
        </Link>
      </p>
      {text && <p className={styles.itemText}>{text}</p>}
      <time className={styles.itemTime} dateTime={notification.created_at}>
        {dateFormat(i18n.locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(notification.created_at))}
      </time>
      <button
        type="button"
        className={`${buttonClass('ghost', { icon: true })} ${styles.dismiss}`}
        aria-label={t`Dismiss: ${title}`}
        onClick={dismiss}
        disabled={leaving}
      >
        <CloseIcon />
      </button>
    </li>
  );
}
