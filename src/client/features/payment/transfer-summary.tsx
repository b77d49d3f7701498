import { Trans, useLingui } from '@lingui/react/macro';
import type { Transfer } from '../../../domain/contract/transfers.ts';
import { displayMoney, parseMinor } from '../../../domain/money.ts';
import { RateLine } from '../../ui/rate-line.tsx';
import styles from './payment.module.css';

/** What the customer is about to pay for: amounts, rate, recipient, and until when the rate holds. */
export function TransferSummary({ transfer }: { transfer: Transfer }) {
  const { i18n } = useLingui();
  const money = (amount: string, currency: string) => displayMoney(parseMinor(amount, currency), currency, i18n.locale);
  const until = new Intl.DateTimeFormat(i18n.locale, { timeStyle: 'short' }).format(
    new Date(transfer.quote_expiration_time),
  );
  return (
    <section className={styles.summary} aria-labelledby="transfer-summary-title">
      <h2 id="transfer-summary-title" className={styles.summaryTitle}>
        <Trans>Your transfer</Trans>
      </h2>
      <dl className={styles.figures}>
        <dt>
          <Trans>Recipient</Trans>
        </dt>
        <dd>{transfer.beneficiary.name}</dd>
        <dt>
          <Trans>You send</Trans>
        </dt>
        <dd>{money(transfer.send_amount, transfer.source_currency)}</dd>
        <dt>
          <Trans>Our fee</Trans>
        </dt>
        <dd>{money(transfer.fees, transfer.source_currency)}</dd>
        <dt>
          <Trans>Exchange rate</Trans>
        </dt>
        <dd>
          <RateLine rate={transfer.rate} from={transfer.source_currency} to={transfer.dest_currency} />
        </dd>
        <dt>
          <Trans>They receive</Trans>
        </dt>
        <dd className={styles.strong}>{money(transfer.receive_amount, transfer.dest_currency)}</dd>
        <dt>
          <Trans>Total to pay</Trans>
        </dt>
        <dd className={styles.strong}>{money(transfer.total, transfer.source_currency)}</dd>
        <dt>
          <Trans>Reference</Trans>
        </dt>
        <dd>{transfer.trans_ref}</dd>
      </dl>
      <p className={styles.muted}>
        <Trans>This rate holds until {until}.</Trans>
      </p>
    </section>
  );
}
