import type { ReactNode } from 'react';
import styles from './step-form.module.css';

interface ChoiceGroupProps {
  name: string;
  legend: ReactNode;
  error: string | undefined;
  options: readonly { value: string; label: string }[];
  value: string;
  onChange: (value: string) => void;
}

/** Radio buttons in a fieldset, with the group's error under its legend. */
export function ChoiceGroup({ name, legend, error, options, value, onChange }: ChoiceGroupProps) {
  const errorId = `${name}-error`;
  return (
    <fieldset className={styles.options} aria-describedby={error ? errorId : undefined}>
      <legend>{legend}</legend>
      {error ? (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      ) : null}
      {options.map((option, index) => (
        <label key={option.value} className={styles.option}>
          <input
            type="radio"
            id={index === 0 ? name : undefined}
            name={name}
            value={option.value}
            checked={value === option.value}
            onChange={() => onChange(option.value)}
          />
          {option.label}
        </label>
      ))}
    </fieldset>
  );
}
