import type { BeneficiaryField, BeneficiaryFieldType } from './beneficiary-schema.ts';

/**
 * The values of a recipient form that say where the money is paid out (a
 * wallet number, a bank account, a collection point): what a customer may
 * correct on a paid transfer (SPEC §2 transaction-update). Who the recipient
 * is (names, birthday, documents) and why the money is sent stay as paid for.
 */
export const PAYOUT_DETAIL_TYPES: readonly BeneficiaryFieldType[] = [
  'international_phone',
  'mobile_network_code',
  'mobile_wallet_number',
  'iban',
  'account_number',
  'account_type',
  'bank_code',
  'routing_number',
  'branch_code',
  'ifsc',
  'collection_point_code',
];

/** The fields of a corridor's form a paid transfer's payout details may change, in the form's order. */
export function payoutDetailFields<F extends Pick<BeneficiaryField, 'type'>>(fields: readonly F[]): F[] {
  return fields.filter((field) => PAYOUT_DETAIL_TYPES.includes(field.type));
}
