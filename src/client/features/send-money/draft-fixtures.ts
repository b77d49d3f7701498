import type { Quote } from '../../../domain/contract/quotes.ts';
import type { SendMoneyDraft } from './send-money-draft.ts';

export const QUOTE: Quote = {
  quote_id: 'q_1',
  quote_expiration_time: '2026-11-22T10:10:00.000Z',
  timer: { minutes: 10, seconds: 0 },
  send_amount: '100.00',
  fee: '1.99',
  total: '101.99',
  receive_amount: '15993.25',
  rate: '159.9325',
  source_currency: 'GBP',
  destination_currency: 'KES',
  mid_rate: '161.875',
  rate_markup: '1.20',
  promo_code: null,
  fee_discount: '0.00',
  total_cost: '3.19',
  delivery_hours: 1,
  source_country_iso2: 'GB',
  destination_country_iso2: 'KE',
  payout_type: 'mobile',
  amount_type: 'SOURCE',
  expired: false,
};

/** A draft with step 1 done: 100 GBP to Kenyan mobile money, quoted. */
export const QUOTED_DRAFT: SendMoneyDraft = {
  version: 1,
  destination: { country: 'KE', payoutType: 'mobile' },
  amount: { value: '100', type: 'SOURCE' },
  quote: { quote: QUOTE, expiresAt: 600_000 },
};
