import { Trans } from '@lingui/react/macro';
import { FormField, inputClass } from '../../ui/form-field.tsx';

/** The e-mail address field: `email` when registering, `username` when signing in, for password managers. */
export function EmailField({
  id,
  error,
  value,
  onChange,
  autoComplete,
}: {
  id: string;
  error: string | undefined;
  value: string;
  onChange: (value: string) => void;
  autoComplete: 'email' | 'username';
}) {
  return (
    <FormField id={id} label={<Trans>E-mail address</Trans>} error={error}>
      {(control) => (
        <input
          {...control}
          name="email"
          type="email"
          inputMode="email"
          autoComplete={autoComplete}
          spellCheck={false}
          autoCapitalize="none"
          className={inputClass}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </FormField>
  );
}
