import { sql } from 'kysely';
import { assert, object, string } from 'superstruct';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/connection.ts';
import type { Logger } from '../http/logger.ts';
import { accountsOffTheirPostings, unbalancedCurrencies } from '../ledger/ledger-checks.ts';
import type { LedgerProblem } from '../ledger/ledger-problem.ts';
import { transfersOffTheirPostings } from '../modules/transfers/transfer-ledger-check.ts';
import { scheduleDaily } from './daily-schedule.ts';
import type { OutboxHandler } from './outbox-worker.ts';

export const LEDGER_RECONCILE = 'ledger.reconcile';

/** The daily run is due at 02:00 UTC. */
const RUN_HOUR_UTC = 2;

const RunPayload = object({ day: string() });

export interface ReconciliationContext {
  db: Db;
  logger: Logger;
  clock: Clock;
}

const RECONCILIATION_STATEMENT_TIMEOUT = '10min';

/**
 * Proves the ledger balanced, on one snapshot: every currency's postings sum
 * to zero, every account's balance is the sum of its postings, every transfer
 * has exactly the ledger transactions its state needs. Each problem becomes
 * an alert of this run (a run repeated adds none) and an error in the log.
 * Returns the problems; none means the ledger reconciled.
 */
export async function reconcileLedger(ctx: ReconciliationContext, runKey: string): Promise<LedgerProblem[]> {
  const problems = await ctx.db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      // the checks read the whole ledger: longer than a call's statement timeout may allow
      await sql`set local statement_timeout = ${sql.lit(RECONCILIATION_STATEMENT_TIMEOUT)}`.execute(trx);
      const found = [
        ...(await unbalancedCurrencies(trx)),
        ...(await accountsOffTheirPostings(trx)),
        ...(await transfersOffTheirPostings(trx)),
      ];
      if (found.length > 0) {
        await trx
          .insertInto('ledger_alerts')
          .values(
            found.map((problem) => ({
              run_key: runKey,
              kind: problem.kind,
              subject: problem.subject,
              details: JSON.stringify(problem.details),
              created_at: ctx.clock.now(),
            })),
          )
          .onConflict((oc) => oc.columns(['run_key', 'kind', 'subject']).doNothing())
          .execute();
      }
      return found;
    });
  for (const problem of problems) ctx.logger.error({ runKey, ...problem }, 'ledger reconciliation found a problem');
  ctx.logger.info({ runKey, problems: problems.length }, 'ledger reconciliation finished');
  return problems;
}

/** Queue the next daily run, once however many replicas and runs ask. */
export function scheduleLedgerReconciliation(db: Db, clock: Clock): Promise<string> {
  return scheduleDaily(db, LEDGER_RECONCILE, RUN_HOUR_UTC, clock);
}

/** The daily run: queues tomorrow's first, so a failing run does not end the schedule, then reconciles. */
export const runLedgerReconciliation: OutboxHandler = async (payload, { deps }) => {
  assert(payload, RunPayload);
  await scheduleLedgerReconciliation(deps.db, deps.clock);
  await reconcileLedger(deps, `${LEDGER_RECONCILE}:${payload.day}`);
};
