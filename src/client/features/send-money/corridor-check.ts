import type { FxRateOption } from '../../../domain/contract/rates.ts';
import { type Minor, parseMinor } from '../../../domain/money.ts';
import { type AmountRefusal, type AmountType, feeScheduleFromWire, quote } from '../../../domain/pricing.ts';

/**
 * Check an amount against a corridor before asking for a quote, with the
 * same pricing the server runs and the rate and limits fx-rates gave: both
 * the typed side and the side it converts to must be inside the limits. The
 * server checks again with its own current rate and stays the authority.
 */
export function corridorRefusal(option: FxRateOption, amount: Minor, amountType: AmountType): AmountRefusal | null {
  const from = option.source_currency_code;
  const to = option.destination_currency_code;
  const result = quote({
    sourceCurrency: from,
    destinationCurrency: to,
    limits: {
      minSend: parseMinor(option.min_send_amount, from),
      maxSend: parseMinor(option.max_send_amount, from),
      minReceive: parseMinor(option.min_destination_amount, to),
      maxReceive: parseMinor(option.max_destination_amount, to),
    },
    rate: option.rate,
    feeSchedule: feeScheduleFromWire(option.fee_schedule, from),
    amount,
    amountType,
  });
  return result.ok ? null : result.refusal;
}

/** The currency the customer types in on `side`. */
export function currencyOf(option: FxRateOption, side: AmountType): string {
  return side === 'SOURCE' ? option.source_currency_code : option.destination_currency_code;
}
