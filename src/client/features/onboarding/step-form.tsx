import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { FormEvent, ReactNode } from 'react';
import { showText, type Text } from '../../lib/forms/rule-text.ts';
import { buttonClass } from '../../ui/button.ts';
import { ErrorSummary, type SummaryError } from '../../ui/error-summary.tsx';
import { InlineMessage } from '../../ui/inline-message.tsx';
import { ScreenIntro } from '../../ui/screen-intro.tsx';
import styles from './step-form.module.css';

interface StepFormProps {
  heading: MessageDescriptor;
  description: MessageDescriptor;
  summary: { errors: readonly SummaryError[]; attempt: number };
  problem: Text | null;
  submitting: boolean;
  onSubmit: () => void;
  children: ReactNode;
}

/** An onboarding step's screen: its heading, the error summary, its fields and Continue. */
export function StepForm({ heading, description, summary, problem, submitting, onSubmit, children }: StepFormProps) {
  const { i18n } = useLingui();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!submitting) onSubmit();
  };
  return (
    <>
      <ScreenIntro heading={heading} description={description} />
      <form className={styles.form} noValidate onSubmit={submit} aria-busy={submitting}>
        <ErrorSummary {...summary} />
        {problem ? (
          <InlineMessage tone="error">
            <p>{showText(i18n, problem)}</p>
          </InlineMessage>
        ) : null}
        {children}
        <button type="submit" className={`${buttonClass('primary')} ${styles.submit}`} disabled={submitting}>
          <Trans>Continue</Trans>
        </button>
      </form>
    </>
  );
}
