import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { CheckIcon } from '../../ui/icons.tsx';
import styles from './send-money-steps.module.css';

const STEPS: readonly MessageDescriptor[] = [msg`Amount`, msg`You`, msg`Them`, msg`Pay`];

/** The send-money progress: steps before the current one are complete. */
export function SendMoneySteps({ current }: { current: number }) {
  const { i18n, t } = useLingui();
  return (
    <ol className={styles.steps} aria-label={t`Transfer steps`}>
      {STEPS.map((label, index) => {
        const step = index + 1;
        const state = step < current ? 'complete' : step === current ? 'current' : 'upcoming';
        return (
          <li
            key={label.id}
            className={`${styles.step} ${styles[state]}`}
            aria-current={state === 'current' ? 'step' : undefined}
          >
            <span className={styles.marker} aria-hidden="true">
              {state === 'complete' ? <CheckIcon width={16} height={16} /> : step}
            </span>
            <span className={styles.label}>
              {i18n._(label)}
              {state === 'complete' ? (
                <span className="visually-hidden">
                  {' '}
                  <Trans>(complete)</Trans>
                </span>
              ) : null}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
