/**
 * What a ledger account is for. A customer owns one `customer_wallet` per
 * currency; every other kind is owned by the platform and is a bookkeeping
 * counterpart that may run negative (money owed to or by the outside world).
 */
export type AccountKind =
  | 'customer_wallet'
  | 'card_settlement'
  | 'bank_settlement'
  | 'fee_revenue'
  | 'payout_clearing'
  | 'partner_payable'
  | 'fx_liquidity'
  | 'promo_expense';

/** The owner of every account that belongs to the business rather than a customer. */
export const PLATFORM_OWNER = 'platform';

/** Kinds whose balance may never drop below zero. */
export function mustStayNonNegative(kind: AccountKind): boolean {
  return kind === 'customer_wallet';
}

/**
 * Kinds posted under their row lock, each posting carrying the balance after
 * it: a wallet's balance must be known to refuse an overdraft. The platform's
 * accounts are posted without one: every card payment and payout of a
 * currency meets the same few of them, and their row locks were the only
 * lock waits under load. Their postings wait in `ledger_pending_balances`
 * until folded into the balance (`pending-balances.ts`).
 */
export const LOCKED_KINDS = ['customer_wallet'] as const satisfies readonly AccountKind[];
