import type { Beneficiary } from '../../domain/contract/beneficiaries.ts';

/** A saved Kenyan mobile-money recipient, as the beneficiaries API lists it, with the given form values. */
export const savedRecipient = (id: string, values: Record<string, string>): Beneficiary => ({
  id,
  country_iso2: 'KE',
  payout_type: 'mobile',
  currency_iso3: 'KES',
  first_name: 'Amina',
  middle_name: null,
  last_name: 'Otieno',
  display_name: 'Amina Otieno',
  payout_label: 'Safaricom M-PESA ••• 678',
  values,
  notify_by_sms: false,
  created_at: '2026-11-22T09:00:00Z',
  updated_at: '2026-11-22T09:00:00Z',
});
