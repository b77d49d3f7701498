import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { TransferSummary } from '../../../domain/contract/transfers.ts';
import { displayMoney, parseMinor } from '../../../domain/money.ts';
import { InstallOffer } from '../../lib/app-install/install-offer.tsx';
import { DELIVERY_ESTIMATES } from '../../lib/delivery-estimate.ts';
import { buttonClass } from '../../ui/button.ts';
import { Figure, Figures } from '../../ui/summary-box.tsx';
import styles from './payment.module.css';

/** The transfer result, success (SPEC §2 payment screens): paid, and on its way to the recipient. */
export function PaymentResult({ transfer }: { transfer: TransferSummary }) {
  const { i18n } = useLingui();
  const amount = displayMoney(
    parseMinor(transfer.receive_amount, transfer.dest_currency),
    transfer.dest_currency,
    i18n.locale,
  );
  const name = transfer.beneficiary.name;
  return (
    <div className={styles.result}>
      <h1>
        <Trans>Your money is on its way</Trans>
      </h1>
      <p>
        <Trans>
          We have your payment. {name} receives {amount}.
        </Trans>
      </p>
      <p>{i18n._(DELIVERY_ESTIMATES[transfer.trans_type])}</p>
      <Figures>
        <Figure label={<Trans>Reference</Trans>}>{transfer.trans_ref}</Figure>
      </Figures>
      <div className={styles.actions}>
        <Link
          to="/transfers/$transactionReference"
          params={{ transactionReference: transfer.trans_ref }}
          className={buttonClass('primary')}
        >
          <Trans>Track your transfer</Trans>
        </Link>
        <Link to="/send-money/quote" className={buttonClass('secondary')}>
          <Trans>Send more money</Trans>
        </Link>
      </div>
      <InstallOffer />
    </div>
  );
}
