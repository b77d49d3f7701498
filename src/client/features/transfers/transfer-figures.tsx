import { Trans, useLingui } from '@lingui/react/macro';
import type { Transfer } from '../../../domain/contract/transfers.ts';
import { PAYOUT_TYPE_NAMES } from '../../lib/payout-type-names.ts';
import { useWireMoney } from '../../lib/use-wire-money.ts';
import { RateLine } from '../../ui/rate-line.tsx';
import { Figure, Figures, SummaryBox } from '../../ui/summary-box.tsx';

/** A transfer's amounts, fee, rate and what paid, then who receives it and how: the detail page and the receipt. */
export function TransferFigures({ transfer }: { transfer: Transfer }) {
  const { i18n } = useLingui();
  const money = useWireMoney();
  return (
    <>
      <SummaryBox titleId="transfer-amounts" title={<Trans>Amounts</Trans>}>
        <Figures>
          <Figure label={<Trans>You send</Trans>}>{money(transfer.send_amount, transfer.source_currency)}</Figure>
          <Figure label={<Trans>Our fee</Trans>}>{money(transfer.fees, transfer.source_currency)}</Figure>
          <Figure label={transfer.funded_at === null ? <Trans>Total to pay</Trans> : <Trans>Total paid</Trans>} strong>
            {money(transfer.total, transfer.source_currency)}
          </Figure>
          <Figure label={<Trans>Exchange rate</Trans>}>
            <RateLine rate={transfer.rate} from={transfer.source_currency} to={transfer.dest_currency} />
          </Figure>
          <Figure label={<Trans>They receive</Trans>} strong>
            {money(transfer.receive_amount, transfer.dest_currency)}
          </Figure>
          {transfer.paid_with ? (
            <Figure label={<Trans>Paid with</Trans>}>
              {transfer.paid_with.brand.toUpperCase()} •••• {transfer.paid_with.last4}
            </Figure>
          ) : null}
        </Figures>
      </SummaryBox>
      <SummaryBox titleId="transfer-recipient" title={<Trans>Recipient</Trans>}>
        <Figures>
          <Figure label={<Trans>Name</Trans>}>{transfer.beneficiary.name}</Figure>
          <Figure label={<Trans>Receives by</Trans>}>{i18n._(PAYOUT_TYPE_NAMES[transfer.trans_type])}</Figure>
          {transfer.payout_label ? <Figure label={<Trans>Payout</Trans>}>{transfer.payout_label}</Figure> : null}
        </Figures>
      </SummaryBox>
    </>
  );
}
