import { WALLET_MOVEMENT_TYPES } from '../../wallets.ts';
import { endpoint } from '../endpoint.ts';
import { page, pageQuery } from '../pages.ts';
import { array, assign, enums, type Infer, matching, object, optional, string } from '../structs.ts';
import { WalletCurrencyCode } from './balances.ts';

/**
 * One wallet's movements, from the ledger: a page at a time, and a month's
 * statement (opening balance, each movement, closing balance). A movement is
 * what one business record (a top-up, a conversion, a transfer) did to the
 * wallet at one instant, netted: a transfer paid by card or bank passes
 * through the wallet and moves none of its money, so it is not listed.
 */

export const WALLET_MOVEMENTS_MAX = 100;

/** How many movements a page holds when the caller does not say. */
export const WALLET_MOVEMENTS_PAGE = 50;

/** One movement of a wallet. Amounts are decimal strings of the wallet's currency. */
export const WalletMovement = object({
  /** opaque, stable: the movement's last ledger posting */
  id: string(),
  /** ISO 8601, UTC */
  at: string(),
  type: enums(WALLET_MOVEMENT_TYPES),
  /** the business record: a transfer's reference, a top-up's or a conversion's id */
  reference: string(),
  /** signed: money in is positive, money out negative */
  amount: string(),
  /** the wallet's balance right after it */
  balance: string(),
});
export type WalletMovement = Infer<typeof WalletMovement>;

/** GET /remit/wallet/transactions query: one wallet (the base currency's when none is named), a page of it. */
export const WalletMovementsQuery = assign(
  object({ currency: optional(WalletCurrencyCode) }),
  pageQuery(WALLET_MOVEMENTS_MAX),
);
export type WalletMovementsQuery = Infer<typeof WalletMovementsQuery>;

/** GET /remit/wallet/transactions: the page's movements, newest first, and where the next page is. */
export const WalletMovementPage = page(WalletMovement);
export type WalletMovementPage = Infer<typeof WalletMovementPage>;

/** A calendar month, YYYY-MM (UTC). */
export const StatementMonth = matching('month', /^\d{4}-(0[1-9]|1[0-2])$/, 'Give the month as YYYY-MM');

/** GET /remit/wallet/statement query. */
export const WalletStatementQuery = object({ currency: optional(WalletCurrencyCode), month: StatementMonth });
export type WalletStatementQuery = Infer<typeof WalletStatementQuery>;

/** One wallet's month: the balance it opened with, every movement oldest first, and the balance it closed with. */
export const WalletStatement = object({
  currency: string(),
  month: string(),
  /** ISO 8601, UTC: the month's first instant and the next month's */
  from: string(),
  to: string(),
  opening_balance: string(),
  closing_balance: string(),
  money_in: string(),
  money_out: string(),
  movements: array(WalletMovement),
});
export type WalletStatement = Infer<typeof WalletStatement>;

/** A wallet's movements and its monthly statements. */
export const statementCalls = {
  walletMovements: endpoint({
    method: 'GET',
    base: 'main',
    path: '/remit/wallet/transactions',
    auth: 'session',
    query: WalletMovementsQuery,
    response: WalletMovementPage,
    envelope: 'body',
    offline: 'last-known',
  }),
  walletStatement: endpoint({
    method: 'GET',
    base: 'main',
    path: '/remit/wallet/statement',
    auth: 'session',
    query: WalletStatementQuery,
    response: WalletStatement,
  }),
} as const;
