import { currencyDigits, type Minor, parseMinor } from '../../../domain/money.ts';
import { ApiError } from '../../http/api-error.ts';

/**
 * An amount the customer typed for a wallet, in minor units: above zero and
 * with no more decimals than the currency has, or a 400 naming the field.
 */
export function parseWalletAmount(value: string, currency: string, field: string): Minor {
  let minor: Minor;
  try {
    minor = parseMinor(value, currency);
  } catch {
    const digits = currencyDigits(currency);
    throw new ApiError(
      'ValidationFailed',
      digits === 0 ? `${currency} amounts have no decimals` : `${currency} amounts have at most ${digits} decimals`,
      field,
    );
  }
  if (minor <= 0n) throw new ApiError('ValidationFailed', 'Enter an amount above 0', field);
  return minor;
}
