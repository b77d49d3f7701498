import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { type ReactNode, useState } from 'react';
import type { TransferSummary } from '../../../domain/contract/transfers.ts';
import { useAskFirst } from '../../lib/api/primed-answers.ts';
import { isOffline } from '../../lib/api/use-endpoint.ts';
import { dateFormat } from '../../lib/date-format.ts';
import { PAYOUT_TYPE_NAMES } from '../../lib/payout-type-names.ts';
import { STATUS_LABELS } from '../../lib/transfer-status-labels.ts';
import { useWireMoney } from '../../lib/use-wire-money.ts';
import { buttonClass } from '../../ui/button.ts';
import { FormField, inputClass } from '../../ui/form-field.tsx';
import { LoadFailed } from '../../ui/load-state.tsx';
import { LoaderOverlay } from '../../ui/loader-overlay.tsx';
import { OfflineNothingYet, OfflineNotice } from '../../ui/offline-notice.tsx';
import { OlderItems } from '../../ui/older-items.tsx';
import { filterTransfers, STATUS_FILTER_NAMES, STATUS_FILTERS, type StatusFilter } from './transfer-filters.ts';
import { askAnswers } from './transfers-answers.ts';
import styles from './transfers-list.module.css';
import { useTransfers } from './use-transfers.ts';

/**
 * The transfers list (SPEC §2 /transfers): each transfer with its recipient,
 * amounts, date and live status label; `schedules` (the
 * scheduled transfers, which load and go offline on their own) under the heading.
 */
export function TransfersList({ schedules }: { schedules?: ReactNode }) {
  useAskFirst(askAnswers);
  const transfers = useTransfers();
  const { i18n } = useLingui();
  const [status, setStatus] = useState<StatusFilter>('all');
  const [search, setSearch] = useState('');

  return (
    <>
      <h1>
        <Trans>Transfers</Trans>
      </h1>
      {schedules}
      {transfers.status === 'failed' && isOffline(transfers.error) ? (
        <OfflineNothingYet />
      ) : transfers.status === 'failed' ? (
        <LoadFailed onRetry={transfers.reload}>
          <Trans>We could not load your transfers.</Trans>
        </LoadFailed>
      ) : transfers.status === 'loading' ? (
        <LoaderOverlay type="text">
          <Trans>Loading your transfers…</Trans>
        </LoaderOverlay>
      ) : (
        <>
          {transfers.offline ? <OfflineNotice asOf={transfers.asOf} /> : null}
          {transfers.data.length === 0 ? (
            <div className={styles.empty}>
              <p>
                <Trans>You have not sent any money yet.</Trans>
              </p>
              <Link to="/send-money/quote" className={buttonClass('primary')}>
                <Trans>Send money</Trans>
              </Link>
            </div>
          ) : (
            <>
              <search className={styles.filters}>
                <FormField id="transfer-status-filter" label={<Trans>Show</Trans>}>
                  {(control) => (
                    <select
                      {...control}
                      className={inputClass}
                      value={status}
                      onChange={(e) => setStatus(STATUS_FILTERS.find((f) => f === e.target.value) ?? 'all')}
                    >
                      {STATUS_FILTERS.map((filter) => (
                        <option key={filter} value={filter}>
                          {i18n._(STATUS_FILTER_NAMES[filter])}
                        </option>
                      ))}
                    </select>
                  )}
                </FormField>
                <FormField id="transfer-search" label={<Trans>Recipient or reference</Trans>}>
                  {(control) => (
                    <input
                      {...control}
                      className={inputClass}
                      type="search"
                      value={search}
                      onChange={(e) => setSearch(e.target.value)}
                    />
                  )}
                </FormField>
              </search>
              <TransferItems transfers={filterTransfers(transfers.data, status, search)} />
              <OlderItems
                older={transfers}
                labels={{
                  show: <Trans>Show older transfers</Trans>,
                  loading: <Trans>Loading older transfers…</Trans>,
                  failed: <Trans>We could not load older transfers.</Trans>,
                }}
              />
            </>
          )}
        </>
      )}
    </>
  );
}

function TransferItems({ transfers }: { transfers: TransferSummary[] }) {
  if (transfers.length === 0) {
    return (
      <p role="status" className={styles.empty}>
        <Trans>No transfers match.</Trans>
      </p>
    );
  }
  return (
    <ul className={styles.list}>
      {transfers.map((transfer) => (
        <li key={transfer.trans_ref}>
          <TransferItem transfer={transfer} />
        </li>
      ))}
    </ul>
  );
}

function TransferItem({ transfer }: { transfer: TransferSummary }) {
  const { i18n } = useLingui();
  const money = useWireMoney();
  const titleId = `transfer-${transfer.trans_ref}`;
  const when = dateFormat(i18n.locale, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(transfer.created_at),
  );
  const label = i18n._(STATUS_LABELS[transfer.status_label]);
  return (
    <article className={styles.item} aria-labelledby={titleId}>
      <div className={styles.head}>
        <h2 id={titleId} className={styles.name}>
          <Link
            to="/transfers/$transactionReference"
            params={{ transactionReference: transfer.trans_ref }}
            className={styles.open}
          >
            {transfer.beneficiary.name}
          </Link>
        </h2>
        <p className={`${styles.status} ${styles[transfer.status_label] ?? ''}`}>
          <span className="visually-hidden">
            <Trans>Status:</Trans>{' '}
          </span>
          {label}
        </p>
      </div>
      <p className={styles.amounts}>
        <Trans>
          Total {money(transfer.total, transfer.source_currency)} · they receive{' '}
          {money(transfer.receive_amount, transfer.dest_currency)}
        </Trans>
      </p>
      <p className={styles.meta}>
        <time dateTime={transfer.created_at}>{when}</time> · {i18n._(PAYOUT_TYPE_NAMES[transfer.trans_type])} ·{' '}
        {transfer.trans_ref}
      </p>
      {transfer.close_reason === 'expired' ? (
        <p className={styles.meta}>
          <Trans>Cancelled: it was not paid before its rate expired.</Trans>
        </p>
      ) : null}
      {transfer.status === 'AWAITING' ? (
        <Link
          to="/send-money/pay/{-$transactionReference}"
          params={{ transactionReference: transfer.trans_ref }}
          className={buttonClass('secondary')}
        >
          <Trans>Pay now</Trans>
        </Link>
      ) : null}
    </article>
  );
}
