import { Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, useId } from 'react';
import { dateFormat } from '../lib/date-format.ts';
import { buttonClass } from './button.ts';
import styles from './offline-notice.module.css';

/** "14:05" today, else the date too: when what is shown was last seen. */
function asOfText(locale: string, asOf: number, now: number): string {
  const sameDay = new Date(asOf).toDateString() === new Date(now).toDateString();
  const format = dateFormat(locale, sameDay ? { timeStyle: 'short' } : { dateStyle: 'medium', timeStyle: 'short' });
  return format.format(new Date(asOf));
}

/**
 * Marks last-known data (DESIGN §5): the server could not be reached, so the
 * screen shows what it last said, as of then. The screen asks again by itself
 * when the connection returns (`useAnswer`).
 */
export function OfflineNotice({ asOf }: { asOf: number }) {
  const { i18n } = useLingui();
  const when = asOfText(i18n.locale, asOf, Date.now());
  return (
    <p role="status" className={styles.notice}>
      <Trans>You're offline. Last updated {when}; this updates by itself when you're back online.</Trans>
    </p>
  );
}

/** Said instead of a failure when nothing was ever loaded here and the device is offline. */
export function OfflineNothingYet() {
  return (
    <p role="status" className={styles.notice}>
      <Trans>
        You're offline, and this has not been loaded on this device yet. It loads by itself when you're back online.
      </Trans>
    </p>
  );
}

/**
 * Said instead of a screen whose every action needs the server (paying, topping up) while the server is out of reach,
 * with a way to ask again: a network too slow for the service worker's wait is no outage to the browser, which then
 * never says the connection is back.
 */
export function NeedsNetwork({ onRetry }: { onRetry: () => void }) {
  return (
    <div role="status" className={styles.notice}>
      <p className={styles.noticeText}>
        <Trans>Changes, payments and uploads need a connection, so they are off until you're back online.</Trans>
      </p>
      <button type="button" className={buttonClass('secondary')} onClick={onRetry}>
        <Trans>Try again</Trans>
      </button>
    </div>
  );
}

/** Spread on an action that needs the network: disabled while offline, described by the reason. */
export type NetworkActionProps = { disabled?: true; 'aria-describedby'?: string };

/**
 * Actions that need the server while the screen shows last-known data: the
 * reason, shown once, and the props that disable each such action and point
 * its description at that reason.
 */
export function useNetworkActions(offline: boolean): { reason: ReactNode; actionProps: NetworkActionProps } {
  const id = useId();
  if (!offline) return { reason: null, actionProps: {} };
  return {
    reason: (
      <p id={id} className={styles.reason}>
        <Trans>Changes, payments and uploads need a connection, so they are off until you're back online.</Trans>
      </p>
    ),
    actionProps: { disabled: true, 'aria-describedby': id },
  };
}
