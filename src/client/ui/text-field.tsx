import type { InputHTMLAttributes, ReactNode } from 'react';
import { FormField, inputClass } from './form-field.tsx';

interface TextFieldProps
  extends Pick<
    InputHTMLAttributes<HTMLInputElement>,
    'inputMode' | 'autoComplete' | 'autoCapitalize' | 'spellCheck' | 'maxLength' | 'placeholder' | 'name'
  > {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error: string | undefined;
  value: string;
  onValue: (value: string) => void;
  /** `text` unless the value is an e-mail address or a telephone number */
  type?: 'text' | 'email' | 'tel';
}

/** A labelled text input with its hint and error, for forms that keep their values as text. */
export function TextField({ id, label, hint, error, value, onValue, type = 'text', ...input }: TextFieldProps) {
  return (
    <FormField id={id} label={label} hint={hint} error={error}>
      {(control) => (
        <input
          {...control}
          {...input}
          className={inputClass}
          type={type}
          value={value}
          onChange={(event) => onValue(event.target.value)}
        />
      )}
    </FormField>
  );
}
