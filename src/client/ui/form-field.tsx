import type { ReactNode } from 'react';
import styles from './form-field.module.css';

/** What a field's control needs to be tied to its label, hint and error. */
export interface ControlProps {
  id: string;
  'aria-describedby': string | undefined;
  'aria-invalid': true | undefined;
}

interface FormFieldProps {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  /** text shown after the control, inside its box (a currency code) */
  suffix?: ReactNode;
  children: (control: ControlProps) => ReactNode;
}

/** A labelled form control with its hint and its error, announced together by screen readers. */
export function FormField({ id, label, hint, error, suffix, children }: FormFieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`${styles.field} ${error ? styles.invalid : ''}`}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      {hint ? (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      ) : null}
      <div className={styles.control}>
        {children({ id, 'aria-describedby': describedBy, 'aria-invalid': error ? true : undefined })}
        {suffix ? (
          <span className={styles.suffix} aria-hidden="true">
            {suffix}
          </span>
        ) : null}
      </div>
    </div>
  );
}

/** Class of a text input or select inside a FormField. */
export const inputClass = styles.input;
