import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useStore } from 'jotai';
import { type ReactNode, useRef } from 'react';
import { trackingCalls } from '../../../domain/contract/transfers/tracking.ts';
import { CANCELLATION_RIGHT_COUNTRIES } from '../../../domain/transfers.ts';
import { useEndpoint, useLoad } from '../../lib/api/use-endpoint.ts';
import { SUPPORT_EMAIL } from '../../lib/config.ts';
import { dateFormat } from '../../lib/date-format.ts';
import { PROMISE_RULE } from '../../lib/delivery-estimate.ts';
import { downloadFile } from '../../lib/download-file.ts';
import { loadUserData, userAtom } from '../../lib/session/user-data.ts';
import { STATUS_LABELS } from '../../lib/transfer-status-labels.ts';
import { buttonClass } from '../../ui/button.ts';
import { LoadFailed } from '../../ui/load-state.tsx';
import { LoaderOverlay } from '../../ui/loader-overlay.tsx';
import { Figure, Figures, SummaryBox } from '../../ui/summary-box.tsx';
import { TransferFigures } from './transfer-figures.tsx';
import styles from './transfer-receipt.module.css';

/**
 * The receipt of a paid transfer, in the customer's language, made to be
 * printed, downloaded as a PDF (written on demand, receipt-pdf.ts) or shared: who sent it, who was paid, how much,
 * at what fee and rate, what paid, for US senders their rights, and the company and its regulator.
 */
export function TransferReceipt({
  transRef,
  legalNotice,
}: {
  transRef: string;
  /** the company and its regulator in the customer's region (the legal feature's notice, handed in by the route) */
  legalNotice: ReactNode;
}) {
  const { i18n } = useLingui();
  const store = useStore();
  const transfer = useEndpoint(trackingCalls.getTransfer, { params: { trans_ref: transRef } });
  const sender = useLoad(async () => store.get(userAtom) ?? (await loadUserData(store)).user, 'receipt-sender');
  const receipt = useRef<HTMLElement>(null);
  const fileName = `sarraf-receipt-${transRef}.pdf`;
  const pdfFile = async () => {
    if (!receipt.current) return null;
    const { receiptLines, receiptPdf } = await import('./receipt-pdf.ts');
    return new File([await receiptPdf(receiptLines(receipt.current))], fileName, { type: 'application/pdf' });
  };
  const downloadPdf = async () => {
    const pdf = await pdfFile();
    if (pdf) downloadFile(pdf);
  };
  // the device's own share sheet (a messaging app, e-mail, files), where it can share a file
  const canShare =
    typeof navigator.canShare === 'function' &&
    navigator.canShare({ files: [new File([], fileName, { type: 'application/pdf' })] });
  const share = async () => {
    const pdf = await pdfFile();
    if (pdf) await navigator.share({ files: [pdf], title: fileName }).catch(() => undefined);
  };
  const back = (
    <Link
      to="/transfers/$transactionReference"
      params={{ transactionReference: transRef }}
      className={styles.screenOnly}
    >
      <Trans>Back to the transfer</Trans>
    </Link>
  );
  if (transfer.status !== 'ready') {
    return (
      <>
        {back}
        <h1>
          <Trans>Receipt</Trans>
        </h1>
        {transfer.status === 'loading' ? (
          <LoaderOverlay type="text">
            <Trans>Loading your transfer…</Trans>
          </LoaderOverlay>
        ) : (
          <LoadFailed onRetry={transfer.reload}>
            <Trans>We could not load your transfer.</Trans>
          </LoadFailed>
        )}
      </>
    );
  }
  const { data } = transfer;
  const when = dateFormat(i18n.locale, { dateStyle: 'long', timeStyle: 'short' });
  if (data.funded_at === null) {
    return (
      <>
        {back}
        <h1>
          <Trans>Receipt</Trans>
        </h1>
        <p>
          <Trans>There is no receipt yet: this transfer has not been paid for.</Trans>
        </p>
      </>
    );
  }
  return (
    <article ref={receipt} className={styles.receipt} aria-labelledby="receipt-title">
      {back}
      <h1 id="receipt-title">
        <Trans>Sarraf receipt</Trans>
      </h1>
      <SummaryBox titleId="receipt-transfer" title={<Trans>Transfer {data.trans_ref}</Trans>}>
        <Figures>
          <Figure label={<Trans>Paid on</Trans>}>
            <time dateTime={data.funded_at}>{when.format(new Date(data.funded_at))}</time>
          </Figure>
          {data.paid_at ? (
            <Figure label={<Trans>Paid out on</Trans>}>
              <time dateTime={data.paid_at}>{when.format(new Date(data.paid_at))}</time>
            </Figure>
          ) : null}
          <Figure label={<Trans>Status</Trans>}>{i18n._(STATUS_LABELS[data.status_label])}</Figure>
          {sender.status === 'ready' && sender.data.name ? (
            <Figure label={<Trans>Sent by</Trans>}>{sender.data.name}</Figure>
          ) : null}
          {data.delivery_promise.promised_by ? (
            <Figure label={<Trans>Promised by</Trans>}>
              <time dateTime={data.delivery_promise.promised_by}>
                {when.format(new Date(data.delivery_promise.promised_by))}
              </time>
            </Figure>
          ) : null}
        </Figures>
        <p>
          {data.delivery_promise.fee_refunded_at ? (
            <Trans>It arrived later than we promised, so we put your fee back in your Sarraf wallet.</Trans>
          ) : (
            i18n._(PROMISE_RULE)
          )}
        </p>
      </SummaryBox>
      <TransferFigures transfer={data} />
      {CANCELLATION_RIGHT_COUNTRIES.includes(data.send_country) ? (
        <section aria-labelledby="receipt-rights" className={styles.rights}>
          <h2 id="receipt-rights">
            <Trans>Your rights</Trans>
          </h2>
          <p>
            <Trans>
              You can cancel this transfer for a full refund within 30 minutes of paying, unless the money has already
              been picked up or deposited.
            </Trans>
          </p>
          <p>
            <Trans>
              If you think there is an error, tell us within 180 days of the date the money was to be available. We will
              look into it and tell you what we found within 90 days.
            </Trans>
          </p>
        </section>
      ) : null}
      <p>
        <Trans>
          Questions? Write to {SUPPORT_EMAIL} and give the reference {data.trans_ref}.
        </Trans>
      </p>
      <footer className={styles.legal}>{legalNotice}</footer>
      <div className={`${styles.actions} ${styles.screenOnly}`}>
        <button type="button" className={buttonClass('primary')} onClick={() => print()}>
          <Trans>Print</Trans>
        </button>
        <button type="button" className={buttonClass('secondary')} onClick={downloadPdf}>
          <Trans>Download PDF</Trans>
        </button>
        {canShare ? (
          <button type="button" className={buttonClass('secondary')} onClick={() => void share()}>
            <Trans>Share</Trans>
          </button>
        ) : null}
      </div>
    </article>
  );
}
