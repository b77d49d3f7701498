import { Trans, useLingui } from '@lingui/react/macro';
import type { RefObject } from 'react';
import { displayMoney, parseMinor } from '../../../domain/money.ts';
import type { PayoutType } from '../../../domain/payout-types.ts';
import { DELIVERY_ESTIMATES } from '../../lib/delivery-estimate.ts';
import { buttonClass } from '../../ui/button.ts';
import { RateLine } from '../../ui/rate-line.tsx';
import { formatCountdown } from './quote-countdown.ts';
import styles from './quote-form.module.css';
import type { HeldQuote } from './use-quote-request.ts';

interface QuoteSummaryProps {
  held: HeldQuote;
  payoutType: PayoutType;
  secondsLeft: number | undefined;
  expired: boolean;
  renewRef: RefObject<HTMLButtonElement | null>;
  renewing: boolean;
  onRenew: () => void;
}

/** The quote's figures and how long its rate holds; once it has run out, a way to get a new rate. */
export function QuoteSummary({
  held,
  payoutType,
  secondsLeft,
  expired,
  renewRef,
  renewing,
  onRenew,
}: QuoteSummaryProps) {
  const { i18n } = useLingui();
  const { quote } = held;
  const money = (amount: string, currency: string) => displayMoney(parseMinor(amount, currency), currency, i18n.locale);

  return (
    <section className={styles.summary} aria-labelledby="quote-summary-title">
      <h2 id="quote-summary-title" className={styles.summaryTitle}>
        <Trans>Your quote</Trans>
      </h2>
      <dl className={styles.figures}>
        <dt>
          <Trans>Exchange rate</Trans>
        </dt>
        <dd>
          <RateLine rate={quote.rate} from={quote.source_currency} to={quote.destination_currency} />
        </dd>
        <dt>
          <Trans>Our fee</Trans>
        </dt>
        <dd>{money(quote.fee, quote.source_currency)}</dd>
        <dt>
          <Trans>Total to pay</Trans>
        </dt>
        <dd className={styles.strong}>{money(quote.total, quote.source_currency)}</dd>
        <dt>
          <Trans>They receive</Trans>
        </dt>
        <dd className={styles.strong}>{money(quote.receive_amount, quote.destination_currency)}</dd>
        <dt>
          <Trans>Delivery</Trans>
        </dt>
        <dd>{i18n._(DELIVERY_ESTIMATES[payoutType])}</dd>
      </dl>
      {expired ? (
        <div role="alert" className={styles.expired}>
          <p className={styles.expiredText}>
            <Trans>Rate expired</Trans>
          </p>
          <p>
            <Trans>Rates move all the time, so we hold each one for a short while. Get a new rate to continue.</Trans>
          </p>
          <button
            ref={renewRef}
            type="button"
            className={buttonClass('secondary')}
            onClick={onRenew}
            disabled={renewing}
          >
            {renewing ? <Trans>Getting a new rate…</Trans> : <Trans>Get new rate</Trans>}
          </button>
        </div>
      ) : secondsLeft !== undefined ? (
        <p className={styles.countdown}>
          <Trans>
            Rate held for{' '}
            <span role="timer" className={styles.timer}>
              {formatCountdown(secondsLeft)}
            </span>
          </Trans>
        </p>
      ) : null}
    </section>
  );
}
