import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ScamPattern } from '../../../domain/scam-warning.ts';
import { CheckboxField } from '../../ui/checkbox-field.tsx';
import styles from './payment.module.css';

const PATTERN_TEXTS: Readonly<Record<ScamPattern, MessageDescriptor>> = {
  investment: msg`Scammers promise big, quick returns on an investment, often after meeting you online. Real investments are not paid to a person abroad by money transfer.`,
  loan: msg`Scammers ask for a fee up front to release a loan, or for repayment of a loan you never took. A real lender never asks for a money transfer first.`,
  emergency: msg`Scammers pretend to be a relative or friend in a sudden emergency, often from a new number, and rush you to pay. Call them on the number you already know before you send.`,
};

interface ScamWarningProps {
  pattern: ScamPattern;
  recipient: string;
  acknowledged: boolean;
  onAcknowledge: (acknowledged: boolean) => void;
}

/**
 * Before the first payment to a recipient for a purpose scammers use: what
 * the scam looks like, in plain words, and the customer's confirmation that
 * this is not it before the card form shows.
 */
export function ScamWarning({ pattern, recipient, acknowledged, onAcknowledge }: ScamWarningProps) {
  const { i18n } = useLingui();
  return (
    <section aria-labelledby="scam-warning-title" className={styles.warning}>
      <h2 id="scam-warning-title" className={styles.warningTitle}>
        <Trans>Could this be a scam?</Trans>
      </h2>
      <p>{i18n._(PATTERN_TEXTS[pattern])}</p>
      <p>
        <Trans>Money sent abroad usually cannot be got back once it is collected.</Trans>
      </p>
      <CheckboxField
        id="scam-warning-acknowledged"
        label={<Trans>I know {recipient} and I have checked this request is genuine</Trans>}
        checked={acknowledged}
        onChange={(event) => onAcknowledge(event.target.checked)}
      />
    </section>
  );
}
