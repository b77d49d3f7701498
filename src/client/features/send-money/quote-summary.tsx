import { Trans, useLingui } from '@lingui/react/macro';
import type { RefObject } from 'react';
import type { PayoutType } from '../../../domain/payout-types.ts';
import { formatCountdown } from '../../lib/countdown.ts';
import { PROMISE_RULE } from '../../lib/delivery-estimate.ts';
import { useWireMoney } from '../../lib/use-wire-money.ts';
import { buttonClass } from '../../ui/button.ts';
import { RateLine } from '../../ui/rate-line.tsx';
import { Figure, Figures, SummaryBox } from '../../ui/summary-box.tsx';
import { ArrivesBy } from './arrives-by.tsx';
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
  const { quote } = held;
  const { i18n } = useLingui();
  const money = useWireMoney();

  return (
    <SummaryBox titleId="quote-summary-title" title={<Trans>Your quote</Trans>}>
      <p className={styles.hero}>
        <span className={styles.heroLabel}>
          <Trans>They receive</Trans>
        </span>
        <span className={styles.heroAmount}>{money(quote.receive_amount, quote.destination_currency)}</span>
        <span className={styles.heroLabel}>
          <ArrivesBy hours={quote.delivery_hours} payoutType={payoutType} />
        </span>
      </p>
      <p className={styles.costNote}>{i18n._(PROMISE_RULE)}</p>
      <Figures>
        <Figure label={<Trans>Our rate</Trans>}>
          <RateLine rate={quote.rate} from={quote.source_currency} to={quote.destination_currency} />
        </Figure>
        <Figure label={<Trans>Mid-market rate</Trans>}>
          <RateLine rate={quote.mid_rate} from={quote.source_currency} to={quote.destination_currency} />
        </Figure>
        {quote.promo_code ? (
          <Figure label={<Trans>Promo code {quote.promo_code}</Trans>}>
            −{money(quote.fee_discount, quote.source_currency)}
          </Figure>
        ) : null}
        <Figure label={<Trans>Our fee</Trans>}>{money(quote.fee, quote.source_currency)}</Figure>
        <Figure label={<Trans>In our rate</Trans>}>{money(quote.rate_markup, quote.source_currency)}</Figure>
        <Figure label={<Trans>Total cost</Trans>} strong>
          {money(quote.total_cost, quote.source_currency)}
        </Figure>
        <Figure label={<Trans>Total to pay</Trans>} strong>
          {money(quote.total, quote.source_currency)}
        </Figure>
      </Figures>
      <p className={styles.costNote}>
        <Trans>
          Our rate is the mid-market rate less our margin. The total cost is our fee plus what the margin costs you.
        </Trans>
      </p>
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
    </SummaryBox>
  );
}
