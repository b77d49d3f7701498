import type { FxRateOption } from '../../src/domain/contract/rates.ts';

/** A save-quote body: 100.00 GBP to mobile money in Kenya. */
export const KENYA_MOBILE_QUOTE = {
  source_country_iso2: 'GB',
  destination_country_iso2: 'KE',
  payout_type: 'mobile',
  amount: '100.00',
  amount_type: 'SOURCE',
};

/**
 * Options like those GET /api/v2/fx-rates answers for a GB sender (the launch
 * corridors). KENYA_MOBILE is the sandbox's answer exactly: the server test expects it.
 */
export const KENYA_MOBILE: FxRateOption = {
  source_country_iso2: 'GB',
  source_currency_code: 'GBP',
  destination_country_iso2: 'KE',
  destination_currency_code: 'KES',
  payout_type: 'mobile',
  is_default_payout_type: true,
  min_send_amount: '10.00',
  max_send_amount: '2000.00',
  min_destination_amount: '50.00',
  max_destination_amount: '150000.00',
  payout_provider_name: 'sandbox-mobile-money',
  rate: '159.9325',
  delivery_hours: 1,
  fee_schedule: [
    { up_to_send_amount: '100.00', fixed_fee: '1.99', variable_fee_bps: '0' },
    { up_to_send_amount: '500.00', fixed_fee: '2.99', variable_fee_bps: '0' },
    { up_to_send_amount: null, fixed_fee: '0.99', variable_fee_bps: '40' },
  ],
};

export const KENYA_BANK: FxRateOption = {
  ...KENYA_MOBILE,
  payout_type: 'bank',
  is_default_payout_type: false,
  max_send_amount: '10000.00',
  min_destination_amount: '500.00',
  max_destination_amount: '1500000.00',
  payout_provider_name: 'sandbox-bank-transfer',
  rate: '160.2562',
  delivery_hours: 72,
};

export const SOMALIA_CASH: FxRateOption = {
  ...KENYA_MOBILE,
  destination_country_iso2: 'SO',
  destination_currency_code: 'USD',
  payout_type: 'cash',
  min_destination_amount: '10.00',
  max_destination_amount: '3000.00',
  payout_provider_name: 'sandbox-cash-pickup',
  rate: '1.2473',
  fee_schedule: [{ up_to_send_amount: null, fixed_fee: '2.50', variable_fee_bps: '0' }],
};
