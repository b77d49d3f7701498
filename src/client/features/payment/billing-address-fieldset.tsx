import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef } from 'react';
import { USA_STATES } from '../../../domain/countries.ts';
import type { BillingAddress } from '../../../domain/us-card-payment.ts';
import { showText } from '../../lib/forms/rule-text.ts';
import { FormField, inputClass } from '../../ui/form-field.tsx';
import { TextField } from '../../ui/text-field.tsx';
import styles from './payment.module.css';
import { BILLING_FIELDS, type BillingErrors, type BillingField } from './us-card-texts.ts';

interface BillingAddressFieldsetProps {
  value: BillingAddress;
  /** a US address: with its state, and a ZIP code for the postcode */
  fromUs: boolean;
  errors: BillingErrors;
  /** counts the payments refused for the address: each moves focus to its first error */
  attempt: number;
  onChange: (field: BillingField, value: string) => void;
}

/**
 * The card's billing address of a card payment (SPEC §5; SPEC §2 payment: US
 * billing address, with its state and ZIP code), started from the customer's
 * home address: the card's bank must have that address for them.
 */
export function BillingAddressFieldset({ value, fromUs, errors, attempt, onChange }: BillingAddressFieldsetProps) {
  const { i18n, t } = useLingui();
  const id = useId();
  const fieldset = useRef<HTMLFieldSetElement>(null);
  const fieldId = (field: BillingField) => `${id}-${field}`;
  const error = (field: BillingField | 'address') => {
    const text = errors[field];
    return text === undefined ? undefined : showText(i18n, text);
  };
  const whole = error('address');

  // biome-ignore lint/correctness/useExhaustiveDependencies: focus on each refused payment, not on each edit
  useEffect(() => {
    if (attempt === 0) return;
    const first = BILLING_FIELDS.find((field) => errors[field] !== undefined);
    if (first) document.getElementById(fieldId(first))?.focus();
    else if (errors.address !== undefined) fieldset.current?.focus();
  }, [attempt]);

  return (
    <fieldset
      ref={fieldset}
      className={styles.billing}
      tabIndex={-1}
      aria-describedby={[whole ? `${id}-error` : undefined, `${id}-hint`].filter(Boolean).join(' ')}
    >
      <legend className={styles.billingLegend}>
        <Trans>Billing address</Trans>
      </legend>
      <p id={`${id}-hint`} className={styles.muted}>
        <Trans>
          The address your card's bank has for you. It must be your home address, so we start from the one you gave us.
        </Trans>
      </p>
      {whole ? (
        <p id={`${id}-error`} className={styles.billingError}>
          {whole}
        </p>
      ) : null}
      <TextField
        id={fieldId('street')}
        label={<Trans>Street and house number</Trans>}
        error={error('street')}
        autoComplete="street-address"
        maxLength={256}
        value={value.street}
        onValue={(text) => onChange('street', text)}
      />
      <TextField
        id={fieldId('city')}
        label={<Trans>City</Trans>}
        error={error('city')}
        autoComplete="address-level2"
        maxLength={100}
        value={value.city}
        onValue={(text) => onChange('city', text)}
      />
      <div className={styles.billingRow}>
        {fromUs ? (
          <FormField id={fieldId('state')} label={<Trans>State</Trans>} error={error('state')}>
            {(control) => (
              <select
                {...control}
                className={inputClass}
                autoComplete="address-level1"
                value={value.state ?? ''}
                onChange={(event) => onChange('state', event.target.value)}
              >
                <option value="">{t`Choose your state`}</option>
                {USA_STATES.map(({ code, name }) => (
                  <option key={code} value={code}>
                    {name}
                  </option>
                ))}
              </select>
            )}
          </FormField>
        ) : null}
        <TextField
          id={fieldId('zip')}
          label={fromUs ? <Trans>ZIP code</Trans> : <Trans>Postcode</Trans>}
          error={error('zip')}
          inputMode={fromUs ? 'numeric' : undefined}
          autoComplete="postal-code"
          maxLength={10}
          value={value.zip}
          onValue={(text) => onChange('zip', text)}
        />
      </div>
    </fieldset>
  );
}
