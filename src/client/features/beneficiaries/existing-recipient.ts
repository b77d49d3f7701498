import { type BeneficiarySchema, NAME_FIELDS } from '../../../domain/beneficiary-schema.ts';
import type { Beneficiary } from '../../../domain/contract/beneficiaries.ts';

/** Fields that describe the person or the transfer, not the account the money goes to. */
const NOT_ACCOUNT_TYPES = new Set<string>([...NAME_FIELDS, 'relationship', 'purpose_of_transaction', 'remarks']);

/**
 * The saved recipient a refused duplicate most likely is (409
 * BeneficiaryAlreadyExists does not say which): the one recipient of the
 * corridor whose account values all equal the new ones. None, or several,
 * is undefined: then the customer chooses from their list.
 */
export function existingRecipient(
  schema: BeneficiarySchema,
  values: Readonly<Record<string, string>>,
  saved: readonly Beneficiary[],
): Beneficiary | undefined {
  const accountFields = schema.fields.filter((f) => f.required && !NOT_ACCOUNT_TYPES.has(f.type)).map((f) => f.name);
  if (accountFields.length === 0) return undefined;
  const matches = saved.filter(
    (recipient) =>
      recipient.country_iso2 === schema.destination_country &&
      recipient.payout_type === schema.payout_type &&
      recipient.currency_iso3 === schema.destination_currency &&
      accountFields.every((name) => recipient.values[name] === values[name]),
  );
  return matches.length === 1 ? matches[0] : undefined;
}
