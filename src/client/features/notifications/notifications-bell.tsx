import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import { Suspense, useCallback, useMemo, useState } from 'react';
import { type Notification, notificationsApi } from '../../../domain/contract/notifications.ts';
import { lazyAfterFirstPaint } from '../../lib/after-first-paint.tsx';
import { call } from '../../lib/api/client.ts';
import { isOffline, useEndpoint } from '../../lib/api/use-endpoint.ts';
import { type PageFetcher, useOlderPages } from '../../lib/api/use-older-pages.ts';
import { userAtom } from '../../lib/session/user-data.ts';
import { usePushReceived } from '../../lib/use-push-received.ts';
import { HeaderPopover } from '../../ui/header-popover.tsx';
import { BellIcon } from '../../ui/icons.tsx';
import { OfflineNothingYet } from '../../ui/offline-notice.tsx';
import styles from './notifications-bell.module.css';
import { rememberViewed, viewedNotifications } from './viewed-notifications.ts';

// the list and its texts are no part of any page's first paint
const NotificationsList = lazyAfterFirstPaint(() =>
  import('./notifications-list.tsx').then((module) => module.NotificationsList),
);

const NONE: ReadonlySet<string> = new Set();

const olderNotifications: PageFetcher<Notification> = (query) => call(notificationsApi.listNotifications, { query });

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
  const loading = (
    <p className={styles.empty} role="status">
      <Trans>Loading your notifications…</Trans>
    </p>
  );

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
        loading
      ) : list.status === 'failed' && isOffline(list.error) ? (
        <OfflineNothingYet />
      ) : list.status === 'failed' ? (
        <p className={styles.empty} role="alert">
          <Trans>We could not load your notifications. Please try again.</Trans>
        </p>
      ) : (
        <Suspense fallback={loading}>
          <NotificationsList
            fresh={fresh}
            older={older}
            offlineAsOf={list.offline ? list.asOf : undefined}
            onDismiss={dismiss}
          />
        </Suspense>
      )}
    </HeaderPopover>
  );
}
