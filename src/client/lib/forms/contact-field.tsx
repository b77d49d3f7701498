import { Trans } from '@lingui/react/macro';
import { type ReactNode, useEffect, useState } from 'react';
import styles from '../../ui/auth-form.module.css';
import { TextField } from '../../ui/text-field.tsx';
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

interface ContactInputProps<A extends string> {
  id: string;
  error: string | undefined;
  value: string;
  onChange: (value: string) => void;
  autoComplete: A;
}

/** The e-mail address field: `email` when registering, `username` when signing in, for password managers. */
export function EmailField({ onChange, ...props }: ContactInputProps<'email' | 'username'>) {
  return (
    <TextField
      {...props}
      onValue={onChange}
      label={<Trans>E-mail address</Trans>}
      name="email"
      type="email"
      inputMode="email"
      spellCheck={false}
      autoCapitalize="none"
    />
  );
}

/** The mobile number field: typed with or without the country code, kept as typed until it is checked. */
export function PhoneField({ onChange, ...props }: ContactInputProps<'tel' | 'username'>) {
  useEffect(() => {
    void loadMobileRule();
  }, []);
  return (
    <TextField
      {...props}
      onValue={onChange}
      label={<Trans>Mobile number</Trans>}
      hint={<Trans>With or without your country code, like +44 7911 123456.</Trans>}
      name="mobile"
      type="tel"
      inputMode="tel"
      spellCheck={false}
    />
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
 * What a form holds of the contact field: the method in use, the e-mail address and the mobile number as typed
 * (switching keeps both), and the value and setter of the one in use.
 */
export function useContactEntry(initial: { method: ContactMethod; email?: string; mobile?: string }) {
  const [method, setMethod] = useState(initial.method);
  const [email, setEmail] = useState(initial.email ?? '');
  const [mobile, setMobile] = useState(initial.mobile ?? '');
  return {
    method,
    setMethod,
    email,
    mobile,
    value: method === 'email' ? email : mobile,
    onChange: method === 'email' ? setEmail : setMobile,
  };
}

export type ContactEntry = ReturnType<typeof useContactEntry>;

/**
 * The one e-mail-or-mobile entry of the account forms (registration, sign-in, password recovery, a new e-mail or
 * number): the e-mail field or the mobile field by the entry's method, after the choice between them when the customer
 * makes it there (`choice`, its legend; choosing clears the form's errors). `autoComplete` says whose address it is to password
 * managers: `username` for the account's own (sign-in, recovery), `new` for one given to it (`email`, `tel`).
 */
export function ContactField({
  entry,
  form,
  autoComplete,
  choice,
}: {
  entry: ContactEntry;
  form: ContactFieldErrors;
  autoComplete: 'username' | 'new';
  choice?: ReactNode;
}) {
  const { method } = entry;
  const field: ContactFieldName = method === 'email' ? 'email' : 'mobile';
  const props = { id: form.fieldId(field), error: form.errorText(field), value: entry.value, onChange: entry.onChange };
  return (
    <>
      {choice !== undefined ? (
        <ContactMethodChoice
          legend={choice}
          value={method}
          onChange={(chosen) => {
            form.clear();
            entry.setMethod(chosen);
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
