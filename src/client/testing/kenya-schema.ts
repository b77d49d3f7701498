import { fireEvent, screen } from '@testing-library/react';
import type { BeneficiaryField } from '../../domain/beneficiary-schema.ts';
import { type BeneficiarySchemaResponse, toBeneficiarySchema } from '../../domain/contract/beneficiaries.ts';
import type { LoadedSchema } from '../features/beneficiaries/load-beneficiary-schema.ts';

/** A schema field as the server serves it, with the SPEC §9 length bounds unless told otherwise. */
export const field = (
  name: string,
  type: BeneficiaryField['type'],
  format: BeneficiaryField['constraints']['format'],
  extra: Partial<BeneficiaryField> = {},
): BeneficiaryField => ({
  name,
  type,
  label_key: `beneficiary.field.${name}`,
  required: true,
  constraints: { min_length: 1, max_length: 256, format },
  ...extra,
});

/** GET /api/v1/schemas/beneficiary?destination_country=KE&payout_type=mobile&destination_currency=KES, as the server answers. */
export const KENYA_MOBILE_SCHEMA: BeneficiarySchemaResponse = {
  data: {
    destination_country: 'KE',
    payout_type: 'mobile',
    destination_currency: 'KES',
    fields: [
      field('first_name', 'first_name', 'name'),
      field('middle_name', 'middle_name', 'name', { required: false }),
      field('last_name', 'last_name', 'name'),
      field('mobile', 'international_phone', 'phone'),
      field('mobile_network_code', 'mobile_network_code', 'choice', { data_source: 'mobile-networks' }),
      field('relationship', 'relationship', 'choice', { options: ['spouse', 'parent', 'friend'] }),
      field('purpose_of_transaction', 'purpose_of_transaction', 'choice', { options: ['family_support', 'gift'] }),
    ],
  },
  meta: {
    _links: { save: { href: '/api/v1/beneficiaries', method: 'POST' } },
    _constraints: { review_required: false, provider_number_prefixes: {} },
    _data_sources: { 'mobile-networks': { href: '/api/v1/data-sources/mobile-networks?country=KE' } },
  },
};

export const KENYA_NETWORKS = [
  { code: 'AIRTEL', name: 'Airtel Money' },
  { code: 'MPESA', name: 'Safaricom M-PESA' },
];

export const KENYA_MOBILE_FORM: LoadedSchema = {
  response: KENYA_MOBILE_SCHEMA,
  schema: toBeneficiarySchema(KENYA_MOBILE_SCHEMA),
  sources: { 'mobile-networks': KENYA_NETWORKS },
};

/** A Kenyan mobile-money recipient's values as the form sends them (canonical). */
export const AMINA_KENYA_MOBILE = {
  first_name: 'Amina',
  last_name: 'Otieno',
  mobile: '+254712345678',
  mobile_network_code: 'MPESA',
  relationship: 'parent',
  purpose_of_transaction: 'family_support',
};

/** Types AMINA_KENYA_MOBILE into the Kenya mobile form, the number as a customer writes it (in English). */
export function typeKenyaMobileRecipient(): void {
  const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
  type('First name', 'Amina');
  type('Last name', 'Otieno');
  type('Mobile number', '0712 345 678');
  type('Mobile network', 'MPESA');
  type('Relationship to you', 'parent');
  type('Purpose of transaction', 'family_support');
}
