import type { CardCheckRoute } from '../../../domain/contract/cards.ts';
import { searchText } from '../search-params.ts';

/**
 * What a pay-in return (from the card's bank after 3-D Secure, or from the
 * bank-link provider) is for, read from its query. Kept apart from the poll
 * (`payin-return.ts`): the return routes' search validation loads with the app.
 */

/** The route the card's bank returns the customer to after 3-D Secure (SPEC §2 callbacks). */
export const CARD_RETURN_ROUTE = '/checkout-card-enrollment/$status';

/** What a pay-in paid for: the transfer (by its reference) or the top-up (by its id). */
export type PayinPurpose = { kind: 'transfer'; transRef: string } | { kind: 'top-up'; topUpId: string };

/** The routeName our API gives the card gateway and the bank-link provider for each purpose (SPEC §2 routeName). */
export const PAYIN_ROUTE_NAMES = {
  transfer: 'send-money-pay',
  'top-up': 'wallet-top-up',
} as const satisfies Record<PayinPurpose['kind'], CardCheckRoute>;

/** The part of a return's query that names its purpose. */
export interface PayinReturnQuery {
  routeName?: string;
  transactionReference?: string;
  top_up_id?: string;
}

/** The purpose fields of a return's query as a route's `validateSearch` keeps them (text or nothing). */
export function payinReturnQuery(search: Record<string, unknown>): PayinReturnQuery {
  return {
    routeName: searchText(search.routeName),
    transactionReference: searchText(search.transactionReference),
    top_up_id: searchText(search.top_up_id),
  };
}

/** What a return is for: its routeName with that purpose's reference; undefined when it names no pay-in we follow. */
export function payinPurpose({
  routeName,
  transactionReference,
  top_up_id,
}: PayinReturnQuery): PayinPurpose | undefined {
  if (routeName === PAYIN_ROUTE_NAMES.transfer && transactionReference)
    return { kind: 'transfer', transRef: transactionReference };
  if (routeName === PAYIN_ROUTE_NAMES['top-up'] && top_up_id) return { kind: 'top-up', topUpId: top_up_id };
  return undefined;
}
