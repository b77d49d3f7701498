import { bankAccountForm, cashPickupForm, mobileMoneyForm } from './common-forms.ts';
import { type CorridorSchema, complianceFields, corridorSchema, field, nameFields } from './corridor-schema.ts';

/** Pakistan, rupees: a bank account by its IBAN (24 characters, PK), with the bank it names. */
export const PAKISTAN_BANK: CorridorSchema = corridorSchema(
  { country: 'PK', payoutType: 'bank', currency: 'PKR' },
  [
    ...nameFields(),
    field('iban', 'iban', { max_length: 34 }),
    field('bank_code', 'bank_code', { data_source: 'banks' }),
    ...complianceFields(),
  ],
  { identityFields: ['iban'], label: { sourceField: 'bank_code', accountField: 'iban' } },
);
export const PAKISTAN_CASH = cashPickupForm('PK', 'PKR');
/** JazzCash and Easypaisa wallets, named by their mobile number. */
export const PAKISTAN_WALLET = mobileMoneyForm('PK', 'PKR', 'wallet');

/** Bangladesh, taka: account numbers of 13 to 17 digits and the branch's 9-digit routing number. */
export const BANGLADESH_BANK = bankAccountForm('BD', 'BDT', { min: 13, max: 17 }, [
  field('routing_number', 'routing_number', { min_length: 9, max_length: 9, pattern: '^[0-9]{9}$' }),
]);
export const BANGLADESH_CASH = cashPickupForm('BD', 'BDT');
/** bKash, Nagad and Rocket. */
export const BANGLADESH_MOBILE = mobileMoneyForm('BD', 'BDT', 'mobile');

/** The Philippines, pesos: cash pickup first, bank accounts of 10 to 16 digits, GCash and Maya wallets. */
export const PHILIPPINES_CASH = cashPickupForm('PH', 'PHP');
export const PHILIPPINES_BANK = bankAccountForm('PH', 'PHP', { min: 10, max: 16 });
export const PHILIPPINES_WALLET = mobileMoneyForm('PH', 'PHP', 'wallet');
