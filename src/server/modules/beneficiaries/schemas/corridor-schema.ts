import {
  type AccountSearchRule,
  BENEFICIARY_TEXT_MAX_LENGTH,
  BENEFICIARY_TEXT_MIN_LENGTH,
  type BeneficiaryField,
  type BeneficiaryFieldType,
  type BeneficiaryForm,
  type DataSourceName,
  FIELD_TYPE_FORMATS,
} from '../../../../domain/beneficiary-schema.ts';
import type { PayoutType } from '../../../../domain/payout-types.ts';
import { PURPOSES_OFFERED } from '../../../../domain/purposes.ts';
import { RELATIONSHIPS } from '../../../../domain/relationships.ts';

/**
 * A corridor's recipient form as the server holds it: the schema it serves,
 * plus what only the server needs — which values identify the payout account
 * (duplicate detection) and how the recipients list labels it.
 */
export interface CorridorSchema {
  schema: BeneficiaryForm;
  /** values that, together with the corridor, make two recipients the same one */
  identityFields: readonly string[];
  /** the list label: a data-source field whose entry is named, and a number shown masked */
  label: { sourceField?: string; accountField?: string };
}

interface FieldOptions {
  required?: boolean;
  min_length?: number;
  max_length?: number;
  pattern?: string;
  data_source?: DataSourceName;
  options?: string[];
  depends_on?: string;
}

/** A schema field with the type's format and the SPEC §9 length bounds unless told otherwise. */
export function field(name: string, type: BeneficiaryFieldType, options: FieldOptions = {}): BeneficiaryField {
  const { required = true, min_length, max_length, pattern, ...rest } = options;
  return {
    name,
    type,
    label_key: `beneficiary.field.${name}`,
    required,
    constraints: {
      min_length: min_length ?? BENEFICIARY_TEXT_MIN_LENGTH,
      max_length: max_length ?? BENEFICIARY_TEXT_MAX_LENGTH,
      ...(pattern === undefined ? {} : { pattern }),
      format: FIELD_TYPE_FORMATS[type],
    },
    ...rest,
  };
}

/** First, optional middle, and last name: every corridor asks for them first. */
export function nameFields(): BeneficiaryField[] {
  return [
    field('first_name', 'first_name'),
    field('middle_name', 'middle_name', { required: false }),
    field('last_name', 'last_name'),
  ];
}

/** Relationship to the sender and purpose of transaction: every corridor asks for them last. */
export function complianceFields(): BeneficiaryField[] {
  return [
    field('relationship', 'relationship', { options: [...RELATIONSHIPS] }),
    field('purpose_of_transaction', 'purpose_of_transaction', { options: [...PURPOSES_OFFERED] }),
  ];
}

export function corridorSchema(
  corridor: { country: string; payoutType: PayoutType; currency: string },
  fields: BeneficiaryField[],
  extras: Omit<CorridorSchema, 'schema'> & {
    providerNumberPrefixes?: Record<string, string[]>;
    accountSearch?: AccountSearchRule;
  },
): CorridorSchema {
  return {
    schema: {
      destination_country: corridor.country,
      payout_type: corridor.payoutType,
      destination_currency: corridor.currency,
      fields,
      constraints: {
        provider_number_prefixes: extras.providerNumberPrefixes ?? {},
        ...(extras.accountSearch ? { account_search: extras.accountSearch } : {}),
      },
    },
    identityFields: extras.identityFields,
    label: extras.label,
  };
}

/** The data sources a schema's fields name, each once, in field order. */
export function schemaDataSources({ schema }: CorridorSchema): DataSourceName[] {
  return [...new Set(schema.fields.flatMap((f) => (f.data_source ? [f.data_source] : [])))];
}
