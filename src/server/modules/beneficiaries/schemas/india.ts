import { type CorridorSchema, complianceFields, corridorSchema, field, nameFields } from './corridor-schema.ts';

/**
 * Rupees to an Indian bank account: 9 to 18 digits, and the IFSC of its
 * branch, whose first four letters name the chosen bank.
 */
export const INDIA_BANK: CorridorSchema = corridorSchema(
  { country: 'IN', payoutType: 'bank', currency: 'INR' },
  [
    ...nameFields(),
    field('account_number', 'account_number', { max_length: 18, pattern: '^[0-9]{9,18}$' }),
    field('bank_code', 'bank_code', { data_source: 'banks' }),
    field('ifsc', 'ifsc', { min_length: 11, max_length: 11, depends_on: 'bank_code' }),
    ...complianceFields(),
  ],
  { identityFields: ['ifsc', 'account_number'], label: { sourceField: 'bank_code', accountField: 'account_number' } },
);
