import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { paymentCalls } from '../../../domain/contract/transfers/payment.ts';
import { numberFormat } from '../../../domain/intl-formats.ts';
import { useEndpoint } from '../../lib/api/use-endpoint.ts';
import { dateFormat } from '../../lib/date-format.ts';
import { arrivalFormat } from '../../lib/delivery-estimate.ts';
import { useWireMoney } from '../../lib/use-wire-money.ts';
import { LoadFailed } from '../../ui/load-state.tsx';
import { useHoldReveal } from '../../ui/loader-overlay.tsx';
import { RateLine } from '../../ui/rate-line.tsx';
import { Figure, Figures, SummaryBox } from '../../ui/summary-box.tsx';
import styles from './payment.module.css';

/**
 * What the sender must be told before paying (domain/disclosures.ts): an
 * EU/EEA sender the currency-conversion charge over the European Central
 * Bank's reference rate; a US sender the remittance disclosure with the
 * cancellation right; anyone else nothing.
 */
export function PrePaymentDisclosure({ transRef }: { transRef: string }) {
  const { i18n } = useLingui();
  const money = useWireMoney();
  const loaded = useEndpoint(paymentCalls.getDisclosure, { params: { trans_ref: transRef } });
  useHoldReveal(loaded.status === 'loading');
  if (loaded.status === 'loading') return null;
  if (loaded.status === 'failed') {
    return (
      <LoadFailed onRetry={loaded.reload}>
        <Trans>We could not load what you need to know before paying.</Trans>
      </LoadFailed>
    );
  }
  const disclosure = loaded.data;
  if (disclosure.kind === 'eea_conversion_markup') {
    const percent = numberFormat(i18n.locale, { maximumFractionDigits: 2 }).format(
      // a decimal string keeps every digit exact (Intl accepts strings)
      disclosure.markup_percent as unknown as number,
    );
    const date = dateFormat(i18n.locale, { dateStyle: 'long', timeZone: 'UTC' }).format(
      new Date(`${disclosure.reference_date}T00:00:00Z`),
    );
    const charge = money(disclosure.markup_amount, disclosure.source_currency);
    return (
      <p className={styles.disclosure}>
        <Trans>
          Currency conversion charge: {percent} % over the European Central Bank rate of {date} ({charge})
        </Trans>
      </p>
    );
  }
  if (disclosure.kind === 'none') return null;
  const from = disclosure.source_currency;
  const availableBy = new Date(disclosure.available_by);
  const hoursAway = Math.max(1, Math.round((availableBy.getTime() - Date.now()) / 3_600_000));
  const minutes = Math.ceil(disclosure.cancellation_seconds / 60);
  return (
    <SummaryBox titleId="us-disclosure-title" title={<Trans>Before you pay</Trans>}>
      <Figures>
        <Figure label={<Trans>Transfer amount</Trans>}>{money(disclosure.send_amount, from)}</Figure>
        <Figure label={<Trans>Transfer fees</Trans>}>{money(disclosure.fees, from)}</Figure>
        <Figure label={<Trans>Total you pay</Trans>} strong>
          {money(disclosure.total, from)}
        </Figure>
        <Figure label={<Trans>Exchange rate</Trans>}>
          <RateLine rate={disclosure.rate} from={from} to={disclosure.dest_currency} />
        </Figure>
        <Figure label={<Trans>Total to recipient</Trans>} strong>
          {money(disclosure.receive_amount, disclosure.dest_currency)}
        </Figure>
        <Figure label={<Trans>Date available</Trans>}>
          <time dateTime={disclosure.available_by}>{arrivalFormat(hoursAway, i18n.locale).format(availableBy)}</time>
        </Figure>
      </Figures>
      <p className={styles.disclosure}>
        <Plural
          value={minutes}
          one="You can cancel within # minute of paying and get everything back, fee included, unless the recipient has already been paid."
          other="You can cancel within # minutes of paying and get everything back, fee included, unless the recipient has already been paid."
        />
      </p>
    </SummaryBox>
  );
}
