import { Trans, useLingui } from '@lingui/react/macro';
import { getCountryCallingCode, isSupportedCountry } from 'libphonenumber-js/mobile';
import type { InputHTMLAttributes, ReactNode } from 'react';
import type { BeneficiaryField, FieldFormat } from '../../../domain/beneficiary-schema.ts';
import { type ControlProps, FormField, inputClass } from '../../ui/form-field.tsx';
import type { Choice } from './field-choices.ts';
import { fieldLabel } from './field-labels.ts';
import { inputValue } from './value-input.ts';

/** Keyboard and autofill hints of a text field's format. Recipient details are never the user's own: no autofill. */
function textAttributes(field: BeneficiaryField): InputHTMLAttributes<HTMLInputElement> {
  const common = { autoComplete: 'off', maxLength: field.constraints.max_length + (field.type === 'iban' ? 8 : 0) };
  switch (field.constraints.format) {
    case 'phone':
      return { ...common, type: 'tel', inputMode: 'tel' };
    case 'digits':
      return { ...common, inputMode: 'numeric' };
    case 'date':
      return { ...common, inputMode: 'numeric', placeholder: 'YYYY-MM-DD', maxLength: 10 };
    case 'iban':
    case 'code':
      return { ...common, autoCapitalize: 'characters', spellCheck: false };
    case 'email_or_digits':
      return { ...common, spellCheck: false, autoCapitalize: 'off' };
    case 'name':
      return { ...common, autoCapitalize: 'words', spellCheck: false };
    default:
      return common;
  }
}

const HINTED_FORMATS: ReadonlySet<FieldFormat> = new Set(['phone', 'date', 'email_or_digits']);

function FieldHint({ field, country }: { field: BeneficiaryField; country: string }): ReactNode {
  switch (field.constraints.format) {
    case 'phone': {
      if (!isSupportedCountry(country)) return null;
      const code = getCountryCallingCode(country);
      return <Trans>With or without the country code +{code}</Trans>;
    }
    case 'date':
      return <Trans>For example, 1990-04-23</Trans>;
    case 'email_or_digits':
      return <Trans>10 digits without the country code, or an e-mail address</Trans>;
    default:
      return null;
  }
}

interface SchemaFieldProps {
  field: BeneficiaryField;
  /** the destination country, for phone hints */
  country: string;
  value: string;
  error: string | undefined;
  choices: Choice[] | undefined;
  /** a name the account search fills in (SPEC §5): shown, not typed */
  filledBySearch?: boolean;
  onChange: (value: string) => void;
  /** the label, when it is not the field's own (the mobile number typed again) */
  label?: string;
}

/** One field of a recipient form, rendered from its schema entry: type, format, constraints and choices. */
export function SchemaField({
  field,
  country,
  value,
  error,
  choices,
  filledBySearch,
  onChange,
  label: given,
}: SchemaFieldProps) {
  const { i18n, t } = useLingui();
  const id = `recipient-${field.name}`;
  const label = given ?? i18n._(fieldLabel(field));
  const hint = <FieldHint field={field} country={country} />;
  const hasHint = HINTED_FORMATS.has(field.constraints.format);

  const control = (props: ControlProps) =>
    choices ? (
      <select
        {...props}
        className={inputClass}
        name={field.name}
        required={field.required}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">{t`Choose…`}</option>
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    ) : (
      <input
        {...props}
        {...textAttributes(field)}
        className={inputClass}
        name={field.name}
        required={field.required}
        readOnly={filledBySearch}
        value={value}
        onChange={(event) => onChange(inputValue(field.constraints.format, event.target.value))}
      />
    );

  return (
    <FormField
      id={id}
      label={field.required ? label : <Trans>{label} (optional)</Trans>}
      hint={filledBySearch ? <Trans>Filled in from the account search</Trans> : hasHint ? hint : undefined}
      error={error}
    >
      {control}
    </FormField>
  );
}
