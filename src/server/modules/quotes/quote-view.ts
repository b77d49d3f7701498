import type { Charges, Quote } from '../../../domain/contract/quotes.ts';
import { formatMinor } from '../../../domain/money.ts';
import { rateMarkup } from '../../../domain/pricing.ts';
import type { QuoteRow } from '../../db/tables/quotes.ts';
import { isQuoteExpired, quoteTimer } from './quote-expiry.ts';

export function chargesView(row: QuoteRow, now: Date): Charges {
  const markup = rateMarkup(
    { sendAmount: row.send_amount, receiveAmount: row.receive_amount },
    row.mid_rate,
    row.source_currency,
    row.destination_currency,
  );
  return {
    quote_id: row.id,
    quote_expiration_time: row.expires_at.toISOString(),
    timer: quoteTimer(row.expires_at, now),
    send_amount: formatMinor(row.send_amount, row.source_currency),
    fee: formatMinor(row.fee, row.source_currency),
    total: formatMinor(row.total, row.source_currency),
    receive_amount: formatMinor(row.receive_amount, row.destination_currency),
    rate: row.rate,
    source_currency: row.source_currency,
    destination_currency: row.destination_currency,
    mid_rate: row.mid_rate,
    rate_markup: formatMinor(markup, row.source_currency),
    promo_code: row.promo_code,
    fee_discount: formatMinor(row.fee_discount, row.source_currency),
    total_cost: formatMinor(row.fee + markup, row.source_currency),
    delivery_hours: row.delivery_hours,
  };
}

export function quoteView(row: QuoteRow, now: Date): Quote {
  return {
    ...chargesView(row, now),
    source_country_iso2: row.source_country_iso2,
    destination_country_iso2: row.destination_country_iso2,
    payout_type: row.payout_type,
    amount_type: row.amount_type,
    expired: isQuoteExpired(row, now),
  };
}
