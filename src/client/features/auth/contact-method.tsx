import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import styles from './auth-form.module.css';

/** How a customer is known: by e-mail address or by mobile number. */
export type ContactMethod = 'email' | 'phone';

/** The choice between registering with an e-mail address and with a mobile number. */
export function ContactMethodChoice({
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
