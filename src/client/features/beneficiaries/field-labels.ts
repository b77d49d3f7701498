import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { BeneficiaryField, BeneficiaryFieldType } from '../../../domain/beneficiary-schema.ts';

/** The label of each field type (SPEC §3 beneficiary schema field types). */
const TYPE_LABELS: Readonly<Record<BeneficiaryFieldType, MessageDescriptor>> = {
  country: msg`Country`,
  first_name: msg`First name`,
  middle_name: msg`Middle name`,
  last_name: msg`Last name`,
  international_phone: msg`Mobile number`,
  mobile_network_code: msg`Mobile network`,
  iban: msg`IBAN`,
  account_number: msg`Account number`,
  bank_code: msg`Bank`,
  routing_number: msg`Routing number`,
  branch_code: msg`Branch code`,
  ifsc: msg`IFSC`,
  collection_point_code: msg`Collection point`,
  document_type: msg`Document type`,
  document_number: msg`Document number`,
  document_expiry_date: msg`Document expiry date`,
  city: msg`City`,
  street: msg`Street`,
  post_code: msg`Post code`,
  card_token: msg`Card`,
  purpose_of_transaction: msg`Purpose of transaction`,
  remarks: msg`Remarks`,
  generic_string: msg`Details`,
  generic_number: msg`Number`,
  account_type: msg`Account type`,
  sender_document_type: msg`Your document type`,
  sender_document_number: msg`Your document number`,
  sender_fund_source: msg`Source of your funds`,
  sender_document_expiry: msg`Your document expiry date`,
  relationship: msg`Relationship to you`,
  mobile_wallet_number: msg`Wallet number`,
  sender_province: msg`Your province`,
  province: msg`Province`,
  nationality: msg`Nationality`,
  birthday: msg`Date of birth`,
};

const LABEL_KEY_PREFIX = 'beneficiary.field.';

/**
 * A field's label from its schema `label_key` ("beneficiary.field.<name>"):
 * a key naming a field type reads as that type's label; a key this client
 * does not know falls back to the label of the field's type, so a new
 * corridor never shows a raw key.
 */
export function fieldLabel(field: Pick<BeneficiaryField, 'label_key' | 'type'>): MessageDescriptor {
  const keyed = field.label_key.startsWith(LABEL_KEY_PREFIX)
    ? field.label_key.slice(LABEL_KEY_PREFIX.length)
    : undefined;
  if (keyed === 'mobile') return TYPE_LABELS.international_phone;
  if (keyed && keyed in TYPE_LABELS) return TYPE_LABELS[keyed as BeneficiaryFieldType];
  return TYPE_LABELS[field.type];
}
