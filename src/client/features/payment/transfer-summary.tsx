import { Trans } from '@lingui/react/macro';
import type { Transfer } from '../../../domain/contract/transfers.ts';
import { formatCountdown } from '../../lib/countdown.ts';
import { useWireMoney } from '../../lib/use-wire-money.ts';
import { RateLine } from '../../ui/rate-line.tsx';
import { Figure, Figures, SummaryBox } from '../../ui/summary-box.tsx';
import styles from './payment.module.css';

/** What the customer is about to pay for: amounts, rate, recipient and where they are paid, and how long the rate still holds. */
export function TransferSummary({ transfer, secondsLeft }: { transfer: Transfer; secondsLeft: number }) {
  const money = useWireMoney();
  return (
    <SummaryBox titleId="transfer-summary-title" title={<Trans>Your transfer</Trans>}>
      <Figures>
        <Figure label={<Trans>Recipient</Trans>}>{transfer.beneficiary.name}</Figure>
        {transfer.payout_label ? <Figure label={<Trans>Paid out to</Trans>}>{transfer.payout_label}</Figure> : null}
        <Figure label={<Trans>You send</Trans>}>{money(transfer.send_amount, transfer.source_currency)}</Figure>
        <Figure label={<Trans>Our fee</Trans>}>{money(transfer.fees, transfer.source_currency)}</Figure>
        <Figure label={<Trans>Exchange rate</Trans>}>
          <RateLine rate={transfer.rate} from={transfer.source_currency} to={transfer.dest_currency} />
        </Figure>
        <Figure label={<Trans>They receive</Trans>} strong>
          {money(transfer.receive_amount, transfer.dest_currency)}
        </Figure>
        <Figure label={<Trans>Total to pay</Trans>} strong>
          {money(transfer.total, transfer.source_currency)}
        </Figure>
        <Figure label={<Trans>Reference</Trans>}>{transfer.trans_ref}</Figure>
      </Figures>
      {secondsLeft > 0 ? (
        <p className={styles.muted}>
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
