import { Trans } from '@lingui/react/macro';
import { OTP_LENGTH } from '../../../domain/rules.ts';
import styles from '../../ui/auth-form.module.css';
import { FormField, inputClass } from '../../ui/form-field.tsx';

/** The one-time code field: digits, filled from the SMS or e-mail by the phone where it can. */
export function CodeInput({
  id,
  error,
  value,
  onChange,
}: {
  id: string;
  error: string | undefined;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <FormField id={id} label={<Trans>Verification code</Trans>} error={error}>
      {(control) => (
        <input
          {...control}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={OTP_LENGTH}
          spellCheck={false}
          className={`${inputClass} ${styles.code}`}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </FormField>
  );
}
