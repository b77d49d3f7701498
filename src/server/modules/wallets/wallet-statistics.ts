import { sql } from 'kysely';
import type { WalletMonth } from '../../../domain/contract/wallets.ts';
import { formatMinor } from '../../../domain/money.ts';
import type { AppDeps } from '../../http/app-env.ts';
import { assertHeld, baseCurrencyOf, heldBalances, type WalletOwner } from './wallet-accounts.ts';

const MONTHS = 12;

/** YYYY-MM of a UTC date. */
const monthOf = (date: Date) => date.toISOString().slice(0, 7);

/**
 * GET /remit/wallet/statistics: money into and out of one wallet per month,
 * from its ledger postings, for the last 12 months (UTC), oldest first, a
 * month without movement at zero. Money that only passed through the wallet (a transfer paid by card) is not counted.
 */
export async function walletStatistics(deps: AppDeps, owner: WalletOwner, currency?: string): Promise<WalletMonth[]> {
  const wanted = currency ?? baseCurrencyOf(owner);
  assertHeld(await heldBalances(deps.db, owner), wanted, 'currency');
  const now = deps.clock.now();
  const months = Array.from({ length: MONTHS }, (_, n) =>
    monthOf(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (MONTHS - 1 - n), 1))),
  );
  const since = new Date(`${months[0]}-01T00:00:00Z`);
  // A movement is the wallet's postings of one ledger reference at one instant, netted: a transfer paid by card or
  // bank passes through the wallet (the payment in, the transfer out, in one database transaction, so one instant)
  // and moved none of the wallet's money; a top-up, a conversion or a transfer paid from the wallet did.
  const moves = deps.db
    .selectFrom('ledger_postings as p')
    .innerJoin('ledger_accounts as a', 'a.id', 'p.account_id')
    .innerJoin('ledger_transactions as t', 't.id', 'p.transaction_id')
    .select([
      sql<string>`to_char(p.created_at at time zone 'UTC', 'YYYY-MM')`.as('month'),
      sql<bigint>`sum(p.amount)`.as('net'),
    ])
    .where('a.owner', '=', owner.customerId)
    .where('a.kind', '=', 'customer_wallet')
    .where('a.currency', '=', wanted)
    .where('p.created_at', '>=', since)
    .groupBy(['t.reference', 'p.created_at'])
    .as('moves');
  const rows = await deps.db
    .selectFrom(moves)
    .select([
      'moves.month',
      sql<bigint>`coalesce(sum(moves.net) filter (where moves.net > 0), 0)::int8`.as('money_in'),
      sql<bigint>`coalesce(-sum(moves.net) filter (where moves.net < 0), 0)::int8`.as('money_out'),
    ])
    .groupBy('moves.month')
    .execute();
  const byMonth = new Map(rows.map((row) => [row.month, row]));
  return months.map((month) => {
    const row = byMonth.get(month);
    return {
      month,
      money_in: formatMinor(row?.money_in ?? 0n, wanted),
      money_out: formatMinor(row?.money_out ?? 0n, wanted),
    };
  });
}
