import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { Dispute, Transfer } from '../../../domain/contract/transfers.ts';
import { transferTimeline } from '../../../domain/transfer-timeline.ts';
import { dateFormat } from '../../lib/date-format.ts';
import { DISPUTE_OUTCOME_TEXTS } from './dispute-texts.ts';
import { REASON_TEXTS, REFUND_TEXTS, STEP_TEXTS } from './timeline-texts.ts';
import styles from './transfer-timeline.module.css';

/**
 * Where the money is: every step the transfer took with its date and time,
 * why it ended if it did and where a refund went, then the steps still ahead.
 */
export function TransferTimeline({ transfer, dispute = null }: { transfer: Transfer; dispute?: Dispute | null }) {
  const { i18n } = useLingui();
  const when = dateFormat(i18n.locale, { dateStyle: 'medium', timeStyle: 'short' });
  const steps = transferTimeline(transfer, dispute);
  return (
    <section aria-labelledby="timeline-title" className={styles.section}>
      <h2 id="timeline-title" className={styles.title}>
        <Trans>Where your money is</Trans>
      </h2>
      <ol className={styles.timeline}>
        {steps.map((step) => {
          const reason = step.reason ? REASON_TEXTS[step.reason] : undefined;
          const ended = step.kind === 'rejected' || step.kind === 'recalled' || step.kind === 'cancelled';
          return (
            <li
              key={`${step.kind}-${step.at ?? 'ahead'}`}
              className={`${styles.step} ${step.at === null ? styles.ahead : ended || step.kind === 'expired' ? styles.ended : styles.done}`}
            >
              <p className={styles.what}>
                {i18n._(STEP_TEXTS[step.kind])}
                {step.at === null ? (
                  <span className="visually-hidden">
                    {' '}
                    <Trans>(not yet)</Trans>
                  </span>
                ) : null}
              </p>
              {step.at === null ? null : (
                <p className={styles.when}>
                  <time dateTime={step.at}>{when.format(new Date(step.at))}</time>
                </p>
              )}
              {reason ? <p>{i18n._(reason)}</p> : null}
              {step.outcome ? <p>{i18n._(DISPUTE_OUTCOME_TEXTS[step.outcome])}</p> : null}
              {step.refundTo ? (
                <p>
                  {i18n._(REFUND_TEXTS[step.refundTo])}{' '}
                  {step.refundTo === 'wallet' ? (
                    <Link to="/wallets">
                      <Trans>See your wallet</Trans>
                    </Link>
                  ) : null}
                </p>
              ) : null}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
