import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, type LinkProps } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import type { Notification } from '../../../domain/contract/notifications.ts';
import type { OlderState } from '../../lib/api/use-older-pages.ts';
import { dateFormat } from '../../lib/date-format.ts';
import { buttonClass } from '../../ui/button.ts';
import { CloseIcon } from '../../ui/icons.tsx';
import { OfflineNotice } from '../../ui/offline-notice.tsx';
import { OlderItems } from '../../ui/older-items.tsx';
import { notificationText } from './notification-text.ts';
import styles from './notifications-bell.module.css';

/** SPEC §9: a dismissed notification leaves after a 200 ms animation. */
const DISMISS_MS = 200;

const CATEGORY_NAMES: Record<Notification['category'], MessageDescriptor> = {
  transactions: msg`Transfers`,
  wallet: msg`Wallet`,
  bonus: msg`Bonus`,
};

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
 * The bell's list once its first page has come (`notifications-bell.tsx` keeps the list, the count and what was
 * dismissed): the new notifications, newest first, each with its category, its text, a link to what it is about and
 * Dismiss, then the control for older pages. Loaded with its texts after the page's first paint, not before it.
 */
export function NotificationsList({
  fresh,
  older,
  offlineAsOf,
  onDismiss,
}: {
  /** the notifications not yet viewed or dismissed */
  fresh: readonly Notification[];
  older: { hasOlder: boolean; olderState: OlderState; showOlder: () => Promise<void> };
  /** when the list shown is the worker's last-known copy: when it was current */
  offlineAsOf: number | undefined;
  onDismiss: (id: string) => void;
}) {
  return (
    <>
      {offlineAsOf !== undefined ? <OfflineNotice asOf={offlineAsOf} /> : null}
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
            <NotificationItem key={notification.id} notification={notification} onDismiss={onDismiss} />
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
