import { balanceCalls } from './wallets/balances.ts';
import { conversionCalls } from './wallets/conversion.ts';
import { rateAlertCalls } from './wallets/rate-alerts.ts';
import { savedCardCalls } from './wallets/saved-cards.ts';
import { statementCalls } from './wallets/statement.ts';
import { topUpCalls } from './wallets/top-up.ts';

/**
 * Wallets and conversion between a customer's own currencies (SPEC §7
 * "Wallets and cards", "Conversion"). Every call needs a session; executing a
 * conversion moves money and needs an Idempotency-Key.
 *
 * Amounts are decimal strings in the currency's unit ("12.50"); rates are
 * exact decimal strings. A conversion executes only at a rate quoted to the
 * customer (exchange-rates or currency-convert) while that rate holds.
 */

export * from './wallets/balances.ts';
export * from './wallets/conversion.ts';
export * from './wallets/rate-alerts.ts';
export * from './wallets/saved-cards.ts';
export * from './wallets/statement.ts';
export * from './wallets/top-up.ts';

/** The wallets area of the main API. */
export const walletsApi = {
  ...balanceCalls,
  ...conversionCalls,
  ...topUpCalls,
  ...rateAlertCalls,
  ...savedCardCalls,
  ...statementCalls,
} as const;
