import { useLingui } from '@lingui/react';
import { displayMoney, parseMinor } from '../../domain/money.ts';

/** Shows an amount as the API writes it (a decimal string) in its currency, in the customer's locale. */
export function useWireMoney(): (amount: string, currency: string) => string {
  const { i18n } = useLingui();
  return (amount, currency) => displayMoney(parseMinor(amount, currency), currency, i18n.locale);
}
