import { Trans } from '@lingui/react/macro';
import { type ReactNode, useId, useRef, useState } from 'react';
import { buttonClass } from '../../ui/button.ts';
import { InlineMessage } from '../../ui/inline-message.tsx';
import { ApiFailure } from '../api/api-failure.ts';
import { useClientProviders } from '../client-providers.ts';
import styles from './bank-link-section.module.css';

/** What the API answers when a bank-link payment starts: WAITING at the bank picker, or already settled. */
export interface BankLinkStart {
  status: 'APPROVED' | 'DECLINED' | 'WAITING';
  challenge_url: string | null;
}

interface BankLinkSectionProps<Answer extends BankLinkStart> {
  /** what the customer pays, as shown */
  amount: string;
  /** its currency (ISO 4217): a bank link that does not take it is not offered */
  currency: string;
  disabled?: boolean;
  /** ask the API to start the payment under this Idempotency-Key (kept when the call is retried) */
  start: (idempotencyKey: string) => Promise<Answer>;
  /** the payment ended without the bank picker */
  onSettled: (answer: Answer) => void;
  /** the API refused the payment (not a network failure) */
  onRefused: (error: ApiFailure) => void;
  children?: ReactNode;
}

/**
 * Pay from the bank through the bank-link provider (open banking): the
 * button starts the payment and sends the browser to the provider's bank
 * picker, which returns to /trustly-callback; the result is asked of our API
 * there, never taken from the return address.
 */
export function BankLinkSection<Answer extends BankLinkStart>({
  amount,
  currency,
  disabled = false,
  start,
  onSettled,
  onRefused,
  children,
}: BankLinkSectionProps<Answer>) {
  const titleId = useId();
  const [busy, setBusy] = useState(false);
  const [offline, setOffline] = useState(false);
  const key = useRef<string>(undefined);
  // the deployment's bank link may take some currencies only (Adyen: GBP, EUR, SEK, NOK, DKK); until the server has
  // said, it is offered, so a page that knows nothing yet does not move when the answer comes
  const taken = useClientProviders()?.bank_link_currencies;

  const pay = async () => {
    setBusy(true);
    setOffline(false);
    key.current ??= crypto.randomUUID();
    try {
      const answer = await start(key.current);
      if (answer.status === 'WAITING' && answer.challenge_url) {
        window.location.assign(answer.challenge_url);
        return;
      }
      key.current = undefined;
      onSettled(answer);
    } catch (error) {
      if (!(error instanceof ApiFailure)) throw error;
      if (error.status === 0) return setOffline(true);
      key.current = undefined;
      onRefused(error);
    } finally {
      setBusy(false);
    }
  };

  if (taken && !taken.includes(currency)) return null;
  return (
    <section aria-labelledby={titleId} className={styles.section}>
      <h2 id={titleId}>
        <Trans>Pay from your bank</Trans>
      </h2>
      <p>
        <Trans>Pick your bank and approve the payment there. No card needed.</Trans>
      </p>
      {children}
      <button
        type="button"
        className={`${buttonClass('secondary')} ${styles.button}`}
        disabled={busy || disabled}
        aria-busy={busy}
        onClick={() => void pay()}
      >
        {busy ? <Trans>Connecting to your bank…</Trans> : <Trans>Pay {amount} by bank link</Trans>}
      </button>
      {offline ? (
        <InlineMessage tone="error">
          <Trans>We could not reach your bank's payment service. Check your connection and try again.</Trans>
        </InlineMessage>
      ) : null}
    </section>
  );
}
