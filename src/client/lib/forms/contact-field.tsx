import { Trans } from '@lingui/react/macro';
import { type ReactNode, useEffect } from 'react';
import styles from '../../ui/auth-form.module.css';
import { FormField, inputClass } from '../../ui/form-field.tsx';
import { loadMobileRule } from './mobile-rule.ts';

/** How a customer is known: by e-mail address or by mobile number. */
export type ContactMethod = 'email' | 'phone';

/** The form fields an e-mail address and a mobile number are checked and reported as. */
export type ContactFieldName = 'email' | 'mobile';

/** What a form's `useFieldErrors` gives the contact field: its ids, its errors, and clearing them. */
export interface ContactFieldErrors {
  fieldId: (field: ContactFieldName) => string;
  errorText: (field: ContactFieldName) => string | undefined;
  clear: () => void;
}

interface TextFieldProps<A extends string> {
  id: string;
  error: string | undefined;
  value: string;
  onChange: (value: string) => void;
  autoComplete: A;
}

/** The e-mail address field: `email` when registering, `username` when signing in, for password managers. */
export function EmailField({ id, error, value, onChange, autoComplete }: TextFieldProps<'email' | 'username'>) {
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

/** The mobile number field: typed with or without the country code, kept as typed until it is checked. */
export function PhoneField({ id, error, value, onChange, autoComplete }: TextFieldProps<'tel' | 'username'>) {
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

/** The choice between an e-mail address and a mobile number. */
function ContactMethodChoice({
  legend,
  value,
  onChange,
}: {
  legend: ReactNode;
  value: ContactMethod;
  onChange: (method: ContactMethod) => void;
}) {
  const option = (method: ContactMethod, label: ReactNode) => (
    <label className={styles.method}>
      <input
        type="radio"
        name="contact-method"
        value={method}
        checked={value === method}
        onChange={() => onChange(method)}
      />
      {label}
    </label>
  );
  return (
    <fieldset className={styles.methods}>
      <legend>{legend}</legend>
      {option('email', <Trans>E-mail</Trans>)}
      {option('phone', <Trans>Phone</Trans>)}
    </fieldset>
  );
}

/**
 * The one e-mail-or-mobile entry of the account forms (registration, sign-in, password recovery, a new e-mail or
 * number): the e-mail field or the mobile field by `method`, after the choice between them when the customer makes
 * it there (`choice`; choosing clears the form's errors). `autoComplete` says whose address it is to password
 * managers: `username` for the account's own (sign-in, recovery), `new` for one given to it (`email`, `tel`).
 */
export function ContactField({
  method,
  form,
  value,
  onChange,
  autoComplete,
  choice,
}: {
  method: ContactMethod;
  form: ContactFieldErrors;
  value: string;
  onChange: (value: string) => void;
  autoComplete: 'username' | 'new';
  choice?: { legend: ReactNode; onChange: (method: ContactMethod) => void };
}) {
  const field: ContactFieldName = method === 'email' ? 'email' : 'mobile';
  const props = { id: form.fieldId(field), error: form.errorText(field), value, onChange };
  return (
    <>
      {choice ? (
        <ContactMethodChoice
          legend={choice.legend}
          value={method}
          onChange={(chosen) => {
            form.clear();
            choice.onChange(chosen);
          }}
        />
      ) : null}
      {method === 'email' ? (
        <EmailField {...props} autoComplete={autoComplete === 'new' ? 'email' : 'username'} />
      ) : (
        <PhoneField {...props} autoComplete={autoComplete === 'new' ? 'tel' : 'username'} />
      )}
    </>
  );
}
