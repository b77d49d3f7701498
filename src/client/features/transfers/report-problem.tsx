import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { disputeCalls } from '../../../domain/contract/transfers/disputes.ts';
import type { DisputeAnswer } from '../../../domain/contract/transfers.ts';
import { DISPUTE_DESCRIPTION_MAX, DISPUTE_REASONS, type DisputeReason } from '../../../domain/disputes.ts';
import { ApiFailure } from '../../lib/api/api-failure.ts';
import { call } from '../../lib/api/client.ts';
import { dateFormat } from '../../lib/date-format.ts';
import { showErrorModal } from '../../lib/error-modal/error-modal-atom.ts';
import { buttonClass } from '../../ui/button.ts';
import { Dialog } from '../../ui/dialog.tsx';
import { FormField, inputClass } from '../../ui/form-field.tsx';
import { DISPUTE_OUTCOME_TEXTS, DISPUTE_REASON_TEXTS, DISPUTE_STATE_TEXTS } from './dispute-texts.ts';
import styles from './transfer-detail.module.css';

interface ReportProblemProps {
  transRef: string;
  answer: DisputeAnswer;
  /** a problem was reported (or found already reported): load it again */
  onChanged: () => void;
}

/**
 * Report a problem (the 180-day error-resolution right): where a reported
 * problem stands, and while the right holds and none is being looked at, a
 * dialog that asks what went wrong, from a fixed list and in the customer's words.
 */
export function ReportProblem({ transRef, answer, onChanged }: ReportProblemProps) {
  const { i18n, t } = useLingui();
  const titleId = useId();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<DisputeReason>('not_received');
  const [description, setDescription] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [sending, setSending] = useState(false);
  const [key, setKey] = useState(() => crypto.randomUUID());
  const { dispute, disputable_until: until } = answer;
  const canReport = until !== null && (dispute === null || dispute.state === 'RESOLVED');
  if (dispute === null && !canReport) return null;

  const send = async () => {
    if (!/\S/.test(description)) {
      setError(t`Say what went wrong.`);
      return;
    }
    setSending(true);
    try {
      await call(disputeCalls.openDispute, {
        body: { trans_ref: transRef, reason, description },
        idempotencyKey: key,
      });
      setOpen(false);
      setDescription('');
      setKey(crypto.randomUUID());
      onChanged();
    } catch (failure) {
      setOpen(false);
      if (failure instanceof ApiFailure && failure.status === 409) onChanged();
      else showErrorModal(failure instanceof ApiFailure ? failure : null);
    } finally {
      setSending(false);
    }
  };
  const lastDay = until === null ? null : dateFormat(i18n.locale, { dateStyle: 'long' }).format(new Date(until));

  return (
    <section aria-labelledby={`${titleId}-section`} className={styles.action}>
      <h2 id={`${titleId}-section`} className={styles.actionTitle}>
        <Trans>Report a problem</Trans>
      </h2>
      {dispute ? (
        <p role="status">
          {i18n._(DISPUTE_REASON_TEXTS[dispute.reason])}. {i18n._(DISPUTE_STATE_TEXTS[dispute.state])}{' '}
          {dispute.outcome ? i18n._(DISPUTE_OUTCOME_TEXTS[dispute.outcome]) : null}
        </p>
      ) : null}
      {canReport && lastDay !== null ? (
        <>
          <p>
            <Trans>
              Something wrong with this transfer? You can tell us until {lastDay}, and we will look into it.
            </Trans>
          </p>
          <button type="button" className={buttonClass('secondary')} onClick={() => setOpen(true)}>
            <Trans>Report a problem</Trans>
          </button>
        </>
      ) : null}
      <Dialog open={open} onClose={() => setOpen(false)} labelledBy={titleId} className={styles.dialog}>
        <h2 id={titleId}>
          <Trans>What went wrong?</Trans>
        </h2>
        <FormField id={`${titleId}-reason`} label={<Trans>Problem</Trans>}>
          {(control) => (
            <select
              {...control}
              className={inputClass}
              value={reason}
              onChange={(e) => setReason(e.target.value as DisputeReason)}
            >
              {DISPUTE_REASONS.map((value) => (
                <option key={value} value={value}>
                  {i18n._(DISPUTE_REASON_TEXTS[value])}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField id={`${titleId}-description`} label={<Trans>Tell us more</Trans>} error={error}>
          {(control) => (
            <textarea
              {...control}
              className={inputClass}
              rows={4}
              maxLength={DISPUTE_DESCRIPTION_MAX}
              value={description}
              onChange={(e) => {
                setError(undefined);
                setDescription(e.target.value);
              }}
            />
          )}
        </FormField>
        <div className={styles.dialogActions}>
          <button type="button" className={buttonClass('primary')} disabled={sending} onClick={send}>
            {sending ? <Trans>Sending…</Trans> : <Trans>Send report</Trans>}
          </button>
          <button type="button" className={buttonClass('ghost')} onClick={() => setOpen(false)}>
            <Trans>Close</Trans>
          </button>
        </div>
      </Dialog>
    </section>
  );
}
