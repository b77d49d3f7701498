import { formatMinor } from '../../../domain/money.ts';
import type { PayoutType } from '../../../domain/payout-types.ts';
import type { AmountRefusal } from '../../../domain/pricing.ts';
import { countryName } from '../rates/country-name.ts';

const PAYOUT_PHRASES: Readonly<Record<PayoutType, string>> = {
  mobile: 'by mobile money',
  cash: 'by cash collection',
  bank: 'into a bank account',
  card: 'on a card',
  wallet: 'into a wallet',
};

/** "150000.00" → "150,000.00": grouping on the digits, no float in between. */
function groupThousands(decimal: string): string {
  const [whole = '', fraction] = decimal.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}

/**
 * The sentence a customer reads when an amount is outside a corridor's
 * limits, naming the limit and its currency:
 * "The minimum you can send is 10.00 GBP",
 * "The most Kenya can receive by mobile money is 150,000.00 KES".
 */
export function amountRefusalMessage(
  refusal: AmountRefusal,
  route: { destinationCountry: string; payoutType: PayoutType },
): string {
  const limit = `${groupThousands(formatMinor(refusal.limit, refusal.currency))} ${refusal.currency}`;
  const bound = refusal.kind === 'below_min' ? 'The minimum' : 'The most';
  if (refusal.side === 'send') return `${bound} you can send is ${limit}`;
  const who = countryName(route.destinationCountry);
  return `${bound} ${who} can receive ${PAYOUT_PHRASES[route.payoutType]} is ${limit}`;
}
