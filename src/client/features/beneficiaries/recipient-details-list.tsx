import { useLingui } from '@lingui/react/macro';
import { Fragment } from 'react';
import type { Beneficiary } from '../../../domain/contract/beneficiaries.ts';
import { fieldChoices } from './field-choices.ts';
import { fieldLabel } from './field-labels.ts';
import type { LoadedSchema } from './load-beneficiary-schema.ts';

interface RecipientDetailsListProps {
  loaded: LoadedSchema;
  recipient: Beneficiary;
  /** fields shown elsewhere on the screen */
  omit?: readonly string[];
  className?: string;
}

/** A saved recipient's details as their form labels them, choices by name, a card by brand and last four, in the schema's order. */
export function RecipientDetailsList({ loaded, recipient, omit = [], className }: RecipientDetailsListProps) {
  const { i18n } = useLingui();
  const rows = loaded.schema.fields.flatMap((field) => {
    const value = recipient.values[field.name];
    if (value === undefined || value === '' || omit.includes(field.name)) return [];
    const choices = fieldChoices(i18n, field, field.data_source ? loaded.sources[field.data_source] : undefined);
    // a card is shown as its list label ("Visa •••• 0004"), never by its token
    const shown =
      field.type === 'card_token'
        ? recipient.payout_label
        : (choices?.find((choice) => choice.value === value)?.label ?? value);
    return [{ name: field.name, label: i18n._(fieldLabel(field)), shown }];
  });
  return (
    <dl className={className}>
      {rows.map((row) => (
        <Fragment key={row.name}>
          <dt>{row.label}</dt>
          <dd>{row.shown}</dd>
        </Fragment>
      ))}
    </dl>
  );
}
