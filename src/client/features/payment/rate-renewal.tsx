import { Trans } from '@lingui/react/macro';
import { useRef, useState } from 'react';
import type { Quote } from '../../../domain/contract/quotes.ts';
import { quotesApi } from '../../../domain/contract/quotes.ts';
import { creationCalls } from '../../../domain/contract/transfers/creation.ts';
import type { Transfer } from '../../../domain/contract/transfers.ts';
import { ApiFailure } from '../../lib/api/api-failure.ts';
import { call } from '../../lib/api/client.ts';
import { showErrorModal } from '../../lib/error-modal/error-modal-atom.ts';
import { useWireMoney } from '../../lib/use-wire-money.ts';
import { buttonClass } from '../../ui/button.ts';
import { RateLine } from '../../ui/rate-line.tsx';
import { Figure, Figures } from '../../ui/summary-box.tsx';
import styles from './payment.module.css';

type Step =
  | { kind: 'expired'; again?: boolean }
  | { kind: 'quoting' }
  | { kind: 'offer'; quote: Quote }
  | { kind: 'saving'; quote: Quote };

/**
 * The pay step once the transfer's rate has run out: a new quote for the
 * same amount and corridor, shown first; only when the customer takes it is
 * the same transfer re-priced (recipient, purpose and payment choice kept).
 * It comes last on the page and sticks to the screen's foot (`.renewal`), so
 * it is seen at once and moves nothing the customer may be about to tap.
 */
export function RateRenewal({ transfer, onRepriced }: { transfer: Transfer; onRepriced: () => void }) {
  const money = useWireMoney();
  const [step, setStep] = useState<Step>({ kind: 'expired' });
  const acceptRef = useRef<HTMLButtonElement>(null);

  const getQuote = async () => {
    setStep({ kind: 'quoting' });
    try {
      const quote = await call(quotesApi.saveQuote, {
        body: {
          source_country_iso2: transfer.send_country,
          destination_country_iso2: transfer.destination_country,
          payout_type: transfer.trans_type,
          amount: transfer.send_amount,
          amount_type: 'SOURCE',
          ...(transfer.promo_code ? { promo_code: transfer.promo_code } : {}),
        },
      });
      setStep({ kind: 'offer', quote });
      requestAnimationFrame(() => acceptRef.current?.focus());
    } catch (error) {
      setStep({ kind: 'expired' });
      showErrorModal(error instanceof ApiFailure ? error : null);
    }
  };

  const accept = async (quote: Quote) => {
    setStep({ kind: 'saving', quote });
    try {
      await call(creationCalls.repriceTransfer, { body: { trans_ref: transfer.trans_ref, quote_id: quote.quote_id } });
      onRepriced();
    } catch (error) {
      if (error instanceof ApiFailure && error.type === 'QuoteExpired') setStep({ kind: 'expired', again: true });
      else {
        setStep({ kind: 'offer', quote });
        showErrorModal(error instanceof ApiFailure ? error : null);
      }
    }
  };

  if (step.kind === 'offer' || step.kind === 'saving') {
    const { quote } = step;
    return (
      <section className={`${styles.declined} ${styles.renewal}`} aria-labelledby="new-price-title">
        <h2 id="new-price-title" className={styles.declinedTitle}>
          <Trans>Your new price</Trans>
        </h2>
        <Figures>
          <Figure label={<Trans>Our rate</Trans>}>
            <RateLine rate={quote.rate} from={quote.source_currency} to={quote.destination_currency} />
          </Figure>
          <Figure label={<Trans>Our fee</Trans>}>{money(quote.fee, quote.source_currency)}</Figure>
          <Figure label={<Trans>They receive</Trans>} strong>
            {money(quote.receive_amount, quote.destination_currency)}
          </Figure>
          <Figure label={<Trans>Total to pay</Trans>} strong>
            {money(quote.total, quote.source_currency)}
          </Figure>
        </Figures>
        <button
          ref={acceptRef}
          type="button"
          className={buttonClass('primary')}
          disabled={step.kind === 'saving'}
          onClick={() => void accept(quote)}
        >
          {step.kind === 'saving' ? <Trans>Updating your transfer…</Trans> : <Trans>Use the new rate</Trans>}
        </button>
      </section>
    );
  }
  return (
    <div role="alert" className={`${styles.declined} ${styles.renewal}`}>
      <p className={styles.declinedTitle}>
        <Trans>Rate expired</Trans>
      </p>
      <p>
        {step.kind === 'expired' && step.again ? (
          <Trans>That rate ran out too before you took it. Get another one.</Trans>
        ) : (
          <Trans>
            Rates move all the time, so we hold each one for a short while. Get a new rate: you see the new price before
            anything changes.
          </Trans>
        )}
      </p>
      <button
        type="button"
        className={buttonClass('secondary')}
        disabled={step.kind === 'quoting'}
        onClick={() => void getQuote()}
      >
        {step.kind === 'quoting' ? <Trans>Getting a new rate…</Trans> : <Trans>Get a new rate</Trans>}
      </button>
    </div>
  );
}
