import { type CorridorSchema, complianceFields, corridorSchema, field, nameFields } from './corridor-schema.ts';

/** Kenya, shillings to an M-PESA or Airtel Money wallet, named by its mobile number. */
export const KENYA_MOBILE: CorridorSchema = corridorSchema(
  { country: 'KE', payoutType: 'mobile', currency: 'KES' },
  [
    ...nameFields(),
    field('mobile', 'international_phone'),
    field('mobile_network_code', 'mobile_network_code', { data_source: 'mobile-networks' }),
    ...complianceFields(),
  ],
  { identityFields: ['mobile'], label: { sourceField: 'mobile_network_code', accountField: 'mobile' } },
);

/** Kenya, shillings to a bank account: Kenyan account numbers are 6 to 16 digits. */
export const KENYA_BANK: CorridorSchema = corridorSchema(
  { country: 'KE', payoutType: 'bank', currency: 'KES' },
  [
    ...nameFields(),
    field('account_number', 'account_number', { max_length: 16, pattern: '^[0-9]{6,16}$' }),
    field('bank_code', 'bank_code', { data_source: 'banks' }),
    ...complianceFields(),
  ],
  {
    identityFields: ['bank_code', 'account_number'],
    label: { sourceField: 'bank_code', accountField: 'account_number' },
  },
);
