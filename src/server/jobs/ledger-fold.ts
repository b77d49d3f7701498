import { assert, object, string } from 'superstruct';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/connection.ts';
import { foldPendingBalances } from '../ledger/pending-balances.ts';
import { enqueue } from './outbox.ts';
import type { OutboxHandler } from './outbox-worker.ts';

export const LEDGER_FOLD = 'ledger.fold';

/** How often the platform accounts' pending changes are folded into their balances. */
const FOLD_EVERY_MS = 5 * 60 * 1000;

const RunPayload = object({ slot: string() });

/**
 * Queue the next fold, at the next whole five minutes. Its dedupe key names
 * the slot, so every replica at start and every run queueing its successor ask
 * for the same one event.
 */
export function scheduleLedgerFold(db: Db, clock: Clock): Promise<string> {
  const at = new Date((Math.floor(clock.now().getTime() / FOLD_EVERY_MS) + 1) * FOLD_EVERY_MS);
  const slot = at.toISOString();
  return enqueue(
    db,
    { topic: LEDGER_FOLD, payload: { slot }, availableAt: at, dedupeKey: `${LEDGER_FOLD}:${slot}` },
    clock,
  );
}

/** A fold: queues the next first, so a failing run does not end the schedule, then folds. */
export const runLedgerFold: OutboxHandler = async (payload, { deps }) => {
  assert(payload, RunPayload);
  await scheduleLedgerFold(deps.db, deps.clock);
  const folded = await foldPendingBalances(deps.db);
  if (folded > 0) deps.logger.info({ folded }, 'ledger: pending platform balance changes folded');
};
