import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { FormField } from '../../ui/form-field.tsx';
import { PasswordInput } from '../../ui/password-input.tsx';

interface NewPasswordFieldsProps {
  ids: { password: string; confirmation: string };
  errors: { password: string | undefined; confirmation: string | undefined };
  /** the API's field name of the new password */
  name: string;
  label: ReactNode;
  password: string;
  confirmation: string;
  onPassword: (value: string) => void;
  onConfirmation: (value: string) => void;
}

/** A new password with the SPEC §5 rule as its hint, and its confirmation. */
export function NewPasswordFields(props: NewPasswordFieldsProps) {
  return (
    <>
      <FormField
        id={props.ids.password}
        label={props.label}
        hint={<Trans>A number and letter, and at least 6 characters.</Trans>}
        error={props.errors.password}
      >
        {(control) => (
          <PasswordInput
            {...control}
            name={props.name}
            autoComplete="new-password"
            value={props.password}
            onChange={(event) => props.onPassword(event.target.value)}
          />
        )}
      </FormField>
      <FormField
        id={props.ids.confirmation}
        label={<Trans>Confirm the new password</Trans>}
        error={props.errors.confirmation}
      >
        {(control) => (
          <PasswordInput
            {...control}
            name="confirm_password"
            autoComplete="new-password"
            value={props.confirmation}
            onChange={(event) => props.onConfirmation(event.target.value)}
          />
        )}
      </FormField>
    </>
  );
}
