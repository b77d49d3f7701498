import type { I18n } from '@lingui/core';
import type { BeneficiaryField } from '../../../domain/beneficiary-schema.ts';
import type { DataSourceEntry } from '../../../domain/contract/beneficiaries.ts';
import { optionName } from './option-names.ts';

export interface Choice {
  value: string;
  label: string;
}

/** The choices of a select field: its data source's entries, else its options with their translated names. */
export function fieldChoices(
  i18n: I18n,
  field: BeneficiaryField,
  entries: readonly DataSourceEntry[] | undefined,
): Choice[] | undefined {
  if (entries) {
    return entries.map((entry) => ({
      value: entry.code,
      label: entry.city ? `${entry.name}, ${entry.city}` : entry.name,
    }));
  }
  return field.options?.map((code) => ({ value: code, label: optionName(i18n, field.type, code) }));
}
