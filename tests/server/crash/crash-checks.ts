import { sql } from 'kysely';
import { systemClock } from '../../../src/server/clock.ts';
import type { Db } from '../../../src/server/db/connection.ts';
import { createLogger } from '../../../src/server/http/logger.ts';
import { reconcileLedger } from '../../../src/server/jobs/ledger-reconciliation.ts';
import type { Acknowledged } from './load.ts';

/**
 * What a crash may not do to the database, counted: each figure is 0 when
 * the server kept its promises. Read with the server stopped (a PGlite data
 * directory has one process at a time).
 */

const count = async (db: Db, query: ReturnType<typeof sql<{ n: number }>>) => (await query.execute(db)).rows[0]?.n ?? 0;

/** Approved, unvoided charges at the gateway whose attempt did not fund its transfer. */
export function chargedButUnbooked(db: Db): Promise<number> {
  return count(
    db,
    sql<{ n: number }>`select count(*)::int as n from sandbox_card_payments g
      left join payins p on g.idempotency_key = 'payment:' || p.id
      left join transfers t on t.id = p.transfer_id
      where g.status = 'APPROVED' and g.voided_at is null
        and (p.status is distinct from 'APPROVED' or t.funded_at is null)`,
  );
}

/** Payment attempts still PROCESSING or WAITING. */
export function openAttempts(db: Db): Promise<number> {
  return count(db, sql<{ n: number }>`select count(*)::int as n from payins where status in ('PROCESSING', 'WAITING')`);
}

/**
 * Ledger transactions without postings or whose postings do not sum to zero
 * in a currency, plus every problem the daily reconciliation finds (sums per
 * currency, balances against postings, each transfer's postings against its state).
 */
export async function halfWritten(db: Db): Promise<number> {
  const broken = await count(
    db,
    sql<{ n: number }>`select count(*)::int as n from ledger_transactions t
      where not exists (select 1 from ledger_postings p where p.transaction_id = t.id)
         or exists (select 1 from ledger_postings p where p.transaction_id = t.id
                    group by p.currency having sum(p.amount) <> 0)`,
  );
  const logger = createLogger('silent');
  const problems = await reconcileLedger({ db, logger, clock: systemClock }, `crash-test:${Date.now()}`);
  return broken + problems.length;
}

/** Acknowledged transfers that are gone, and acknowledged payments whose answer the database does not bear out. */
export async function acknowledgedLost(db: Db, acknowledged: Acknowledged): Promise<number> {
  const refs = acknowledged.transfers;
  const present = refs.length
    ? await db.selectFrom('transfers').select(['trans_ref', 'funded_at']).where('trans_ref', 'in', refs).execute()
    : [];
  const funded = new Map(present.map((row) => [row.trans_ref, row.funded_at !== null]));
  let lost = refs.length - present.length;
  for (const payment of acknowledged.payments) {
    if (payment.status === 'APPROVED' && !funded.get(payment.transRef)) lost += 1;
    if (payment.status === 'DECLINED' && funded.get(payment.transRef)) lost += 1;
  }
  return lost;
}

/** Outbox events due before `before` and not done (pending or dead). */
export function outboxBehind(db: Db, before: Date): Promise<number> {
  return count(
    db,
    sql<{ n: number }>`select count(*)::int as n from outbox_events
      where status = 'dead' or (status = 'pending' and available_at < ${before})`,
  );
}

/**
 * Side effects carried out twice: an address e-mailed more than once (every
 * address signs up once), a transfer handed to the payout partner twice, a
 * status notification written twice.
 */
export async function duplicates(db: Db): Promise<number> {
  const messages = await count(
    db,
    sql<{ n: number }>`select coalesce(sum(n - 1), 0)::int as n
      from (select count(*) as n from sandbox_messages group by recipient having count(*) > 1) d`,
  );
  const payouts = await count(
    db,
    sql<{ n: number }>`select coalesce(sum(n - 1), 0)::int as n
      from (select count(*) as n from sandbox_payouts group by reference having count(*) > 1) d`,
  );
  const notifications = await count(
    db,
    sql<{ n: number }>`select coalesce(sum(n - 1), 0)::int as n
      from (select count(*) as n from notifications group by customer_id, title_key, params::text
            having count(*) > 1) d`,
  );
  return messages + payouts + notifications;
}

/** Sign-ups acknowledged whose code e-mail never went out. */
export async function signUpsUnsent(db: Db, acknowledged: Acknowledged): Promise<number> {
  if (acknowledged.signUps.length === 0) return 0;
  const sent = await db
    .selectFrom('sandbox_messages')
    .select('recipient')
    .distinct()
    .where('recipient', 'in', acknowledged.signUps)
    .execute();
  return acknowledged.signUps.length - sent.length;
}
