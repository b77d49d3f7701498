import { endpoint } from '../endpoint.ts';
import { queryInteger } from '../from-string.ts';
import { page, pageQuery } from '../pages.ts';
import { array, type Infer, integer, object, optional, refine } from '../structs.ts';
import { Transfer, TransferReference, TransferSummary } from './transfer.ts';

/** Following transfers: the customer's list, the recent ones, and one transfer with its history. */

export const TRANSFER_LIST_MAX = 100;

/** GET /api/v2/recent-transactions query: the newest `limit` (default 50). */
export const TransferListQuery = object({
  limit: optional(
    queryInteger(
      refine(
        integer(),
        'limit',
        (value) => (value >= 1 && value <= TRANSFER_LIST_MAX) || `The limit must be 1 to ${TRANSFER_LIST_MAX}`,
        { minimum: 1, maximum: TRANSFER_LIST_MAX },
      ),
    ),
  ),
});
export type TransferListQuery = Infer<typeof TransferListQuery>;

export const TransferList = array(TransferSummary);
export type TransferList = Infer<typeof TransferList>;

/** GET /remit/transaction/list query: a page of `limit` (default 50), older than `before` or newer than `after`. */
export const TransferPageQuery = pageQuery(TRANSFER_LIST_MAX);
export type TransferPageQuery = Infer<typeof TransferPageQuery>;

/** GET /remit/transaction/list: the whole body, the page's transfers in `data` and where the next page is. */
export const TransferPage = page(TransferSummary);
export type TransferPage = Infer<typeof TransferPage>;

/** The lists and one transfer. */
export const trackingCalls = {
  listTransfers: endpoint({
    method: 'GET',
    base: 'main',
    path: '/remit/transaction/list',
    auth: 'session',
    query: TransferPageQuery,
    response: TransferPage,
    envelope: 'body',
    offline: 'last-known',
  }),
  listRecentTransfers: endpoint({
    method: 'GET',
    base: 'main',
    path: '/api/v2/recent-transactions',
    auth: 'session',
    query: TransferListQuery,
    response: TransferList,
    offline: 'last-known',
  }),
  getTransfer: endpoint({
    method: 'GET',
    base: 'main',
    path: '/remit/transaction/:trans_ref',
    auth: 'session',
    params: object({ trans_ref: TransferReference }),
    response: Transfer,
    offline: 'last-known',
    notFound: 'Transfer',
  }),
} as const;
