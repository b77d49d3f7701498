import { Trans, useLingui } from '@lingui/react/macro';
import { BANK_ID_MAX_LENGTH } from '../../../domain/rules.ts';
import { FormField, inputClass } from '../../ui/form-field.tsx';

interface PersonalNumberFieldProps {
  id: string;
  /** the request field it fills */
  name: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
}

/** The personal identity number a bank ID confirms (SPEC §5: 10 to 12 digits, YYYYMMDDNNNN). */
export function PersonalNumberField({ id, name, value, onChange, error }: PersonalNumberFieldProps) {
  const { t } = useLingui();
  return (
    <FormField
      id={id}
      label={<Trans>Personal identity number</Trans>}
      hint={<Trans>10 to 12 digits, like YYYYMMDDNNNN.</Trans>}
      error={error}
    >
      {(control) => (
        <input
          {...control}
          name={name}
          inputMode="numeric"
          autoComplete="off"
          maxLength={BANK_ID_MAX_LENGTH}
          spellCheck={false}
          placeholder={t({
            message: 'YYYYMMDDNNNN',
            comment: 'a personal identity number: year, month, day, then four digits',
          })}
          className={inputClass}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </FormField>
  );
}
