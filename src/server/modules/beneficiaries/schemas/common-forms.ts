import type { BeneficiaryField } from '../../../../domain/beneficiary-schema.ts';
import type { PayoutType } from '../../../../domain/payout-types.ts';
import { type CorridorSchema, complianceFields, corridorSchema, field, nameFields } from './corridor-schema.ts';

/**
 * The forms most destinations share, so a country states only what is its
 * own (currency, account number format, extra bank fields).
 */

/** Mobile money or a mobile wallet, named by the recipient's mobile number and its network. */
export function mobileMoneyForm(
  country: string,
  currency: string,
  payoutType: Extract<PayoutType, 'mobile' | 'wallet'>,
) {
  return corridorSchema(
    { country, payoutType, currency },
    [
      ...nameFields(),
      field('mobile', 'international_phone'),
      field('mobile_network_code', 'mobile_network_code', { data_source: 'mobile-networks' }),
      ...complianceFields(),
    ],
    {
      identityFields: ['mobile_network_code', 'mobile'],
      label: { sourceField: 'mobile_network_code', accountField: 'mobile' },
    },
  );
}

/** Cash collected at an agent point; the mobile number receives the pickup notice. */
export function cashPickupForm(country: string, currency: string): CorridorSchema {
  return corridorSchema(
    { country, payoutType: 'cash', currency },
    [
      ...nameFields(),
      field('mobile', 'international_phone'),
      field('collection_point_code', 'collection_point_code', { data_source: 'collection-points' }),
      ...complianceFields(),
    ],
    {
      identityFields: ['first_name', 'middle_name', 'last_name', 'mobile'],
      label: { sourceField: 'collection_point_code' },
    },
  );
}

/** A bank account: its number (digits, `digits` long as a regular expression range), the bank, and any field the country's rails need. */
export function bankAccountForm(
  country: string,
  currency: string,
  account: { min: number; max: number },
  extra: BeneficiaryField[] = [],
): CorridorSchema {
  return corridorSchema(
    { country, payoutType: 'bank', currency },
    [
      ...nameFields(),
      field('account_number', 'account_number', {
        max_length: account.max,
        pattern: `^[0-9]{${account.min},${account.max}}$`,
      }),
      field('bank_code', 'bank_code', { data_source: 'banks' }),
      ...extra,
      ...complianceFields(),
    ],
    {
      identityFields: ['bank_code', 'account_number'],
      label: { sourceField: 'bank_code', accountField: 'account_number' },
    },
  );
}
