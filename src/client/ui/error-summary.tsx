import { Trans } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import styles from './error-summary.module.css';

export interface SummaryError {
  /** the id of the control the error belongs to */
  fieldId: string;
  message: string;
}

/**
 * The errors of a submitted form, listed with links to their fields. It takes
 * focus each time a submit fails (`attempt` changes), so screen readers read it first.
 */
export function ErrorSummary({ errors, attempt }: { errors: readonly SummaryError[]; attempt: number }) {
  const ref = useRef<HTMLElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: focus on each failed submit, not on each edit
  useEffect(() => {
    if (attempt > 0 && errors.length > 0) ref.current?.focus();
  }, [attempt]);
  if (errors.length === 0) return null;
  return (
    <section ref={ref} className={styles.summary} tabIndex={-1} aria-labelledby="error-summary-title">
      <h2 id="error-summary-title" className={styles.title}>
        <Trans>There is a problem</Trans>
      </h2>
      <ul className={styles.list}>
        {errors.map((error) => (
          <li key={error.fieldId}>
            <a
              href={`#${error.fieldId}`}
              onClick={(event) => {
                event.preventDefault();
                document.getElementById(error.fieldId)?.focus();
              }}
            >
              {error.message}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
