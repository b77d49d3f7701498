import type { BeneficiaryField } from '../../../../domain/beneficiary-schema.ts';
import { SOMALILAND_CITIES } from '../../../../domain/somaliland.ts';
import { type CorridorSchema, complianceFields, corridorSchema, field } from './corridor-schema.ts';

/**
 * Somali names have three parts (given name, father's, grandfather's) and
 * agents check all three against the recipient's ID, so the middle name is
 * required here.
 */
function somaliNameFields(): BeneficiaryField[] {
  return [field('first_name', 'first_name'), field('middle_name', 'middle_name'), field('last_name', 'last_name')];
}

/**
 * SPEC §3: a Somaliland city chosen in the destination picker is paid out as
 * Somalia; the recipient keeps its code (one of the 13), optional for the
 * rest of Somalia.
 */
function somalilandCityField(): BeneficiaryField {
  return field('city', 'city', { required: false, options: SOMALILAND_CITIES.map((city) => city.code) });
}

/**
 * Cash collected at an agent point (Somaliland's cities included: SPEC §3
 * maps Somaliland to Somalia). The mobile number receives the pickup notice.
 * Cash payouts ask the customer to review the recipient (confirm-review).
 */
export const SOMALIA_CASH: CorridorSchema = corridorSchema(
  { country: 'SO', payoutType: 'cash', currency: 'USD' },
  [
    ...somaliNameFields(),
    field('mobile', 'international_phone'),
    field('collection_point_code', 'collection_point_code', { data_source: 'collection-points' }),
    somalilandCityField(),
    ...complianceFields(),
  ],
  {
    identityFields: ['first_name', 'middle_name', 'last_name', 'mobile'],
    label: { sourceField: 'collection_point_code' },
  },
);

/**
 * Dollars to a mobile wallet. SPEC §5: Somtel e-Dahab (EDH) takes only
 * numbers starting +25262, +25265 or +25266, and its wallets are searched:
 * the holder's names come from the search, not the customer.
 */
export const SOMALIA_MOBILE: CorridorSchema = corridorSchema(
  { country: 'SO', payoutType: 'mobile', currency: 'USD' },
  [
    ...somaliNameFields(),
    field('mobile_network_code', 'mobile_network_code', { data_source: 'mobile-networks' }),
    field('mobile_wallet_number', 'mobile_wallet_number', { depends_on: 'mobile_network_code' }),
    somalilandCityField(),
    ...complianceFields(),
  ],
  {
    identityFields: ['mobile_network_code', 'mobile_wallet_number'],
    label: { sourceField: 'mobile_network_code', accountField: 'mobile_wallet_number' },
    providerNumberPrefixes: { EDH: ['+25262', '+25265', '+25266'] },
    accountSearch: { account_field: 'mobile_wallet_number', when: { field: 'mobile_network_code', values: ['EDH'] } },
  },
);

/** Dollars to a Somali bank account, by IBAN (Somalia joined the IBAN registry with 23 characters). */
export const SOMALIA_BANK: CorridorSchema = corridorSchema(
  { country: 'SO', payoutType: 'bank', currency: 'USD' },
  [...somaliNameFields(), field('iban', 'iban', { max_length: 34 }), somalilandCityField(), ...complianceFields()],
  { identityFields: ['iban'], label: { accountField: 'iban' } },
);
