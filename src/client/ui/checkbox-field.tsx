import type { ChangeEvent, ReactNode } from 'react';
import styles from './checkbox-field.module.css';
import formStyles from './form-field.module.css';

interface CheckboxFieldProps {
  id: string;
  label: ReactNode;
  /** shown under the label and read with the box (a link to the document agreed to) */
  hint?: ReactNode;
  error?: string | undefined;
  checked: boolean;
  disabled?: boolean;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}

/** A checkbox with its label beside it, its hint and its error, announced together. */
export function CheckboxField({ id, label, hint, error, checked, disabled, onChange }: CheckboxFieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={`${formStyles.field} ${error ? formStyles.invalid : ''}`}>
      {error ? (
        <p id={errorId} className={formStyles.error}>
          {error}
        </p>
      ) : null}
      <div className={styles.row}>
        <input
          id={id}
          type="checkbox"
          className={styles.box}
          checked={checked}
          disabled={disabled}
          onChange={onChange}
          aria-describedby={[errorId, hintId].filter(Boolean).join(' ') || undefined}
          aria-invalid={error ? true : undefined}
        />
        <label htmlFor={id} className={styles.label}>
          {label}
        </label>
      </div>
      {hint ? (
        <p id={hintId} className={`${formStyles.hint} ${styles.hint}`}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}
