import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { BeneficiaryFieldType } from '../../../domain/beneficiary-schema.ts';
import type { PurposeOfTransaction } from '../../../domain/purposes.ts';
import type { Relationship } from '../../../domain/relationships.ts';
import { somalilandCityName } from '../../../domain/somaliland.ts';
import { regionNames } from '../../lib/region-names.ts';

/** SPEC §3 purposes of transaction, as the customer reads them. */
export const PURPOSE_NAMES: Readonly<Record<PurposeOfTransaction, MessageDescriptor>> = {
  family_support: msg`Family Support`,
  gift: msg`Gift`,
  loan: msg`Loan`,
  medical_support: msg`Medical Support`,
  savings: msg`Savings`,
  repayment_of_loan: msg`Repayment of Loan`,
  education: msg`Education`,
  personal_transfer: msg`Personal Transfer`,
  utility_bills: msg`Utility Bills`,
  fund_investment: msg`Fund Investment`,
  shares_investment: msg`Shares Investment`,
  property_rental: msg`Property Rental`,
  property_purchase: msg`Property Purchase`,
  loan_payment: msg`Loan Payment`,
  insurance_claims: msg`Insurance Claims`,
  business_insurance: msg`Business Insurance`,
  hotel_accommodation: msg`Hotel Accommodation`,
  small_value_remittance: msg`Small Value Remittance`,
  travel: msg`Travel`,
  maintenance_expenses: msg`Maintenance Expenses`,
  medical_treatment: msg`Medical Treatment`,
};

/** How the sender is related to a recipient. */
export const RELATIONSHIP_NAMES: Readonly<Record<Relationship, MessageDescriptor>> = {
  self: msg`Myself`,
  spouse: msg`Spouse or partner`,
  parent: msg`Parent`,
  child: msg`Child`,
  sibling: msg`Brother or sister`,
  other_family: msg`Other family member`,
  friend: msg`Friend`,
  business: msg`Business partner`,
};

function isKeyOf<T extends object>(record: T, key: string): key is Extract<keyof T, string> {
  return Object.hasOwn(record, key);
}

/** The name of an option code of a select field: a purpose, a relationship, a country, a city, else the code itself. */
export function optionName(i18n: I18n, fieldType: BeneficiaryFieldType, code: string): string {
  if (fieldType === 'purpose_of_transaction' && isKeyOf(PURPOSE_NAMES, code)) return i18n._(PURPOSE_NAMES[code]);
  if (fieldType === 'relationship' && isKeyOf(RELATIONSHIP_NAMES, code)) return i18n._(RELATIONSHIP_NAMES[code]);
  if (fieldType === 'country' || fieldType === 'nationality') {
    return regionNames(i18n.locale).of(code);
  }
  const city = fieldType === 'city' ? somalilandCityName(code) : undefined;
  if (city !== undefined) return `${city} (${code})`;
  return code;
}
