import { type Kysely, sql } from 'kysely';
import { mountedPath } from '../../../domain/contract/endpoint.ts';
import {
  type WalletMovement,
  type WalletMovementPage,
  type WalletMovementsQuery,
  type WalletStatement,
  walletsApi,
} from '../../../domain/contract/wallets.ts';
import { formatMinor } from '../../../domain/money.ts';
import type { WalletMovementType } from '../../../domain/wallets.ts';
import type { Database } from '../../db/schema.ts';
import { ApiError } from '../../http/api-error.ts';
import type { AppDeps } from '../../http/app-env.ts';
import { idOfCursor, nextLink, pageDirection } from '../../http/page-cursor.ts';
import { assertHeld, baseCurrencyOf, heldBalances, type WalletOwner } from './wallet-accounts.ts';

/**
 * A wallet's movements and monthly statements, read from its ledger account's
 * postings. A movement is the postings of one ledger reference at one instant,
 * netted, as the statistics chart counts them (wallet-statistics.ts): a
 * transfer paid by card or bank arrives in the wallet and pays the transfer in
 * one database transaction, so it nets to nothing and is not listed, nor is a
 * refund sent straight on to the card. Each movement carries the balance after
 * its last posting, so a statement's lines add up from its opening balance to
 * its closing one, and both are the ledger's own `balance_after`.
 */

/** The statement's name for each ledger kind that moves a wallet; a kind not named here is `other`. */
const MOVEMENT_TYPES: Readonly<Record<string, WalletMovementType>> = {
  wallet_top_up: 'top_up',
  wallet_bank_credit: 'bank_credit',
  wallet_conversion: 'conversion',
  transfer_funding: 'payment',
  transfer_refund: 'refund',
  card_refund: 'card_refund',
  late_fee_refund: 'fee_refund',
};

interface MovementRow {
  last_id: bigint;
  at: Date;
  reference: string;
  kind: string;
  net: bigint;
  balance: bigint;
}

/** The wallet's ledger account, undefined while no money has moved in it; a 404 unless the customer holds it. */
async function walletAccount(deps: AppDeps, owner: WalletOwner, currency: string | undefined) {
  const wanted = currency ?? baseCurrencyOf(owner);
  assertHeld(await heldBalances(deps.db, owner), wanted, 'currency');
  const account = await deps.db
    .selectFrom('ledger_accounts')
    .select('id')
    .where('owner', '=', owner.customerId)
    .where('kind', '=', 'customer_wallet')
    .where('currency', '=', wanted)
    .executeTakeFirst();
  return { currency: wanted, accountId: account?.id };
}

/** The account's movements, each netted over its reference and instant; those that net to nothing left out. */
function movements(db: Kysely<Database>, accountId: string) {
  const grouped = db
    .selectFrom('ledger_postings as p')
    .innerJoin('ledger_transactions as t', 't.id', 'p.transaction_id')
    .select([
      sql<bigint>`max(p.id)`.as('last_id'),
      'p.created_at as at',
      't.reference',
      sql<string>`(array_agg(t.kind order by p.id desc))[1]`.as('kind'),
      sql<bigint>`sum(p.amount)::int8`.as('net'),
      sql<bigint>`(array_agg(p.balance_after order by p.id desc))[1]`.as('balance'),
    ])
    .where('p.account_id', '=', accountId)
    .groupBy(['t.reference', 'p.created_at'])
    .having(sql<boolean>`sum(p.amount) <> 0`)
    .as('m');
  return db.selectFrom(grouped).selectAll();
}

function movementView(row: MovementRow, currency: string): WalletMovement {
  return {
    id: String(row.last_id),
    at: row.at.toISOString(),
    type: MOVEMENT_TYPES[row.kind] ?? 'other',
    reference: row.reference,
    amount: formatMinor(row.net, currency),
    balance: formatMinor(row.balance, currency),
  };
}

/**
 * GET /remit/wallet/transactions: a page of one wallet's movements, newest
 * first by `(instant, last posting)`, older than the `before` cursor's
 * movement or newer than the `after` one's (domain/contract/pages.ts). A
 * cursor naming no posting of this wallet is a 400.
 */
export async function listWalletMovements(
  deps: AppDeps,
  owner: WalletOwner,
  query: WalletMovementsQuery,
  limit: number,
): Promise<WalletMovementPage> {
  const { field, cursor, newer } = pageDirection(query);
  const { currency, accountId } = await walletAccount(deps, owner, query.currency);
  const anchorId = cursor === undefined ? undefined : idOfCursor(cursor, field);
  const anchor =
    anchorId === undefined || accountId === undefined || !/^\d{1,18}$/.test(anchorId)
      ? undefined
      : await deps.db
          .selectFrom('ledger_postings')
          .select('id')
          .where('id', '=', BigInt(anchorId))
          .where('account_id', '=', accountId)
          .executeTakeFirst();
  if (anchorId !== undefined && !anchor) {
    throw new ApiError('ValidationFailed', `The ${field} cursor names no movement of this wallet`, field);
  }
  if (accountId === undefined) return { data: [], _links: {} };
  let rows = movements(deps.db, accountId);
  if (anchor) {
    // the anchor's own values, compared in the database: no timestamp goes through a JavaScript Date
    const anchorKey = sql`(select a.created_at, a.id from ledger_postings a where a.id = ${anchor.id})`;
    rows = rows.where(sql<boolean>`(m.at, m.last_id) ${sql.raw(newer ? '>' : '<')} ${anchorKey}`);
  }
  const order = newer ? 'asc' : 'desc';
  const found = (await rows
    .orderBy('m.at', order)
    .orderBy('m.last_id', order)
    .limit(limit + 1)
    .execute()) as MovementRow[];
  const views = found.map((row) => movementView(row, currency));
  const link = nextLink(
    mountedPath(walletsApi.walletMovements),
    field,
    limit,
    views.map((view) => view.id),
  );
  // the next page is of the same wallet
  if (link.next) link.next.href += `&${new URLSearchParams({ currency })}`;
  const shown = views.slice(0, limit);
  return { data: newer ? shown.reverse() : shown, _links: link };
}

/** The account's balance just before `instant`: its last posting's balance_after, 0 before its first. */
async function balanceBefore(db: Kysely<Database>, accountId: string, instant: Date): Promise<bigint> {
  const row = await db
    .selectFrom('ledger_postings')
    .select('balance_after')
    .where('account_id', '=', accountId)
    .where('created_at', '<', instant)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row?.balance_after ?? 0n;
}

/**
 * GET /remit/wallet/statement: one wallet's calendar month (UTC), from the
 * balance it opened with through every movement, oldest first, to the
 * balance it closed with (so far, for the month under way). A month not yet
 * begun is refused.
 */
export async function walletStatement(
  deps: AppDeps,
  owner: WalletOwner,
  query: { currency?: string | undefined; month: string },
): Promise<WalletStatement> {
  const { currency, accountId } = await walletAccount(deps, owner, query.currency);
  const [year, month] = query.month.split('-').map(Number) as [number, number];
  const from = new Date(Date.UTC(year, month - 1, 1));
  const to = new Date(Date.UTC(year, month, 1));
  if (from > deps.clock.now()) throw new ApiError('ValidationFailed', 'That month has not begun yet', 'month');
  const rows =
    accountId === undefined
      ? []
      : ((await movements(deps.db, accountId)
          .where('m.at', '>=', from)
          .where('m.at', '<', to)
          .orderBy('m.at', 'asc')
          .orderBy('m.last_id', 'asc')
          .execute()) as MovementRow[]);
  const opening = accountId === undefined ? 0n : await balanceBefore(deps.db, accountId, from);
  const closing = accountId === undefined ? 0n : await balanceBefore(deps.db, accountId, to);
  const moneyIn = rows.reduce((sum, row) => (row.net > 0n ? sum + row.net : sum), 0n);
  const moneyOut = rows.reduce((sum, row) => (row.net < 0n ? sum - row.net : sum), 0n);
  return {
    currency,
    month: query.month,
    from: from.toISOString(),
    to: to.toISOString(),
    opening_balance: formatMinor(opening, currency),
    closing_balance: formatMinor(closing, currency),
    money_in: formatMinor(moneyIn, currency),
    money_out: formatMinor(moneyOut, currency),
    movements: rows.map((row) => movementView(row, currency)),
  };
}
