import { Trans } from '@lingui/react/macro';
import { type InputHTMLAttributes, useState } from 'react';
import { buttonClass } from './button.ts';
import type { ControlProps } from './form-field.tsx';
import { inputClass } from './form-field.tsx';
import styles from './password-input.module.css';

type PasswordInputProps = ControlProps &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'className'> & {
    autoComplete: 'current-password' | 'new-password';
  };

/** A password box with a "Show password" toggle, for a FormField. */
export function PasswordInput(props: PasswordInputProps) {
  const [shown, setShown] = useState(false);
  return (
    <>
      <input
        {...props}
        type={shown ? 'text' : 'password'}
        className={`${inputClass} ${styles.input}`}
        spellCheck={false}
        autoCapitalize="none"
      />
      <button
        type="button"
        className={`${buttonClass('ghost')} ${styles.toggle}`}
        aria-pressed={shown}
        aria-controls={props.id}
        onClick={() => setShown((value) => !value)}
      >
        <Trans>Show password</Trans>
      </button>
    </>
  );
}
