import { Trans } from '@lingui/react/macro';
import { useEffect } from 'react';
import { FormField, inputClass } from '../../ui/form-field.tsx';
import { loadMobileRule } from './mobile-rule.ts';

/** The mobile number field: typed with or without the country code, kept as typed until it is checked. */
export function PhoneField({
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
  autoComplete: 'tel' | 'username';
}) {
  useEffect(() => {
    void loadMobileRule();
  }, []);
  return (
    <FormField
      id={id}
      label={<Trans>Mobile number</Trans>}
      hint={<Trans>With or without your country code, like +44 7911 123456.</Trans>}
      error={error}
    >
      {(control) => (
        <input
          {...control}
          name="mobile"
          type="tel"
          inputMode="tel"
          autoComplete={autoComplete}
          spellCheck={false}
          className={inputClass}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </FormField>
  );
}
