import { assert, integer, object, string } from 'superstruct';
import { formatMinor, parseMinor } from '../../../domain/money.ts';
import type { PurposeOfTransaction } from '../../../domain/purposes.ts';
import { compareRates } from '../../../domain/rate-alerts.ts';
import { firstRunFrom, runDate } from '../../../domain/schedules.ts';
import { findCustomer } from '../../customers/customers.ts';
import type { Db } from '../../db/connection.ts';
import type { ScheduleRow, ScheduleRunOutcome } from '../../db/tables/schedules.ts';
import type { TransferRow } from '../../db/tables/transfers.ts';
import { ApiError } from '../../http/api-error.ts';
import type { AppDeps } from '../../http/app-env.ts';
import type { OutboxHandler } from '../../jobs/outbox-worker.ts';
import { saveQuote } from '../quotes/quote-service.ts';
import { payTransfer } from '../transfers/payment-service.ts';
import { transferById } from '../transfers/transfer-records.ts';
import { createTransfer, transferByKey } from '../transfers/transfer-service.ts';
import { payFromWallet } from '../transfers/wallet-payment.ts';
import { heldBalances } from '../wallets/wallet-accounts.ts';
import { armNextRun } from './schedule-jobs.ts';
import { tellRunOutcome } from './schedule-notices.ts';
import { runIdempotency } from './schedule-service.ts';
import { scheduleTiming } from './schedule-timing.ts';
import { amountCurrencyOf } from './schedule-view.ts';

const RunPayload = object({ schedule_id: string(), run: integer() });

/** The schedule of a run's event (`{schedule_id, run}`), while it is on and this run is its next; else undefined. */
export async function scheduleAwaitingRun(
  db: Db,
  payload: Record<string, unknown>,
): Promise<{ schedule: ScheduleRow | undefined; run: number }> {
  assert(payload, RunPayload);
  const schedule = await db
    .selectFrom('transfer_schedules')
    .selectAll()
    .where('id', '=', payload.schedule_id)
    .where('status', '=', 'ACTIVE')
    .where('next_run', '=', payload.run)
    .executeTakeFirst();
  return { schedule, run: payload.run };
}

/** What a run came to: its outcome, the transfer it made, its rate and what the wallet lacked. */
export interface RunResult {
  outcome: ScheduleRunOutcome;
  transfer: TransferRow | undefined;
  rate: string | null;
  /** minor units of the source currency the wallet lacked */
  short: bigint | null;
  /** a rule's refusal in its own words (verification, limits, a recipient gone) */
  reason: string | null;
}

const result = (outcome: ScheduleRunOutcome, values: Partial<RunResult> = {}): RunResult => ({
  outcome,
  transfer: undefined,
  rate: null,
  short: null,
  reason: null,
  ...values,
});

class Refused {
  constructor(readonly result: RunResult) {}
}

/** A rule of ours refused a step (ApiError): the run does not go, and says why; anything else is a fault, retried. */
async function orRefused<T>(step: () => Promise<T>): Promise<T | Refused> {
  try {
    return await step();
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const outcome = error.type === 'InsufficientFunds' ? 'insufficient_funds' : 'failed';
    return new Refused(result(outcome, { reason: error.message }));
  }
}

/** What the customer's wallet in the schedule's source currency lacks to pay `total` (0 when it holds enough). */
export async function walletShortfall(deps: AppDeps, schedule: ScheduleRow, total: bigint): Promise<bigint> {
  const owner = { customerId: schedule.customer_id, country: schedule.source_country };
  const held = (await heldBalances(deps.db, owner)).get(schedule.source_currency) ?? 0n;
  return held < total ? total - held : 0n;
}

/** The run's transfer, priced now and made under the run's own key — unless the rate or the wallet says no. */
async function makeTransfer(deps: AppDeps, schedule: ScheduleRow, key: string): Promise<TransferRow | RunResult> {
  const customer = await findCustomer(deps.db, schedule.customer_id);
  if (!customer) return result('failed', { reason: 'The account is closed' });
  const owner = { customerId: customer.id, country: customer.country };
  const quote = await orRefused(() =>
    saveQuote(deps, owner, {
      source_country_iso2: schedule.source_country,
      destination_country_iso2: schedule.destination_country,
      payout_type: schedule.payout_type,
      amount: formatMinor(schedule.amount, amountCurrencyOf(schedule)),
      amount_type: schedule.amount_type,
    }),
  );
  if (quote instanceof Refused) return quote.result;
  if (schedule.min_rate !== null && compareRates(quote.rate, schedule.min_rate) < 0) {
    return result('rate_below_limit', { rate: quote.rate });
  }
  if (schedule.payment_type === 'wallet') {
    const short = await walletShortfall(deps, schedule, parseMinor(quote.total, schedule.source_currency));
    if (short > 0n) return result('insufficient_funds', { rate: quote.rate, short });
  }
  const made = await orRefused(() =>
    createTransfer(
      deps,
      customer.id,
      {
        quote_id: quote.quote_id,
        beneficiary_id: schedule.beneficiary_id,
        purpose_of_transaction: schedule.purpose as PurposeOfTransaction,
      },
      runIdempotency(key),
    ),
  );
  if (made instanceof Refused) return { ...made.result, rate: quote.rate };
  const row = await transferByKey(deps.db, customer.id, key);
  if (!row) throw new Error(`schedule ${schedule.id}: the transfer under ${key} was made and is not found`);
  return row;
}

/** Pay the run's transfer as the schedule says, under the run's payment key. */
async function payRun(deps: AppDeps, schedule: ScheduleRow, transfer: TransferRow, key: string): Promise<RunResult> {
  const rate = transfer.rate;
  const idempotency = runIdempotency(`${key}:pay`);
  const paid = await orRefused(() =>
    schedule.payment_type === 'wallet'
      ? payFromWallet(deps, schedule.customer_id, { trans_ref: transfer.trans_ref }, idempotency)
      : payTransfer(
          deps,
          schedule.customer_id,
          { trans_ref: transfer.trans_ref, saved_card_id: schedule.saved_card_id ?? undefined },
          idempotency,
        ),
  );
  const now = (await transferById(deps.db, transfer.id)) ?? transfer;
  if (paid instanceof Refused) {
    // the wallet was spent between the check and the payment: what it lacks now
    const short =
      paid.result.outcome === 'insufficient_funds' ? await walletShortfall(deps, schedule, now.total) : null;
    return { ...paid.result, transfer: now, rate, short };
  }
  if (paid.status === 'APPROVED') return result('sent', { transfer: now, rate });
  if (paid.status === 'DECLINED') return result('payment_declined', { transfer: now, rate });
  return result('needs_confirmation', { transfer: now, rate });
}

/**
 * Carry out run `run` of the schedule: the transfer made under the run's key
 * (found again after a crash, never made twice), then paid under the run's
 * payment key (never paid twice). Nothing is recorded here: `recordRun` does.
 */
export async function carryOutRun(deps: AppDeps, schedule: ScheduleRow, run: number): Promise<RunResult> {
  const key = `schedule:${schedule.id}:${run}`;
  const earlier = await transferByKey(deps.db, schedule.customer_id, key);
  const transfer = earlier ?? (await makeTransfer(deps, schedule, key));
  if (!('trans_ref' in transfer)) return transfer;
  if (transfer.status === 'AWAITING') return payRun(deps, schedule, transfer, key);
  if (transfer.funded_at !== null) return result('sent', { transfer, rate: transfer.rate });
  return result('failed', { transfer, rate: transfer.rate, reason: 'The transfer was closed before it was paid' });
}

/**
 * Record the run once, move the schedule on to its next date still ahead
 * (ended after its last run) and queue it, telling the customer — one transaction under the
 * schedule's lock, and only while the schedule still waits for this run.
 */
export async function recordRun(deps: AppDeps, scheduleId: string, run: number, outcome: RunResult): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    const locked = await trx
      .selectFrom('transfer_schedules')
      .selectAll()
      .where('id', '=', scheduleId)
      .forUpdate()
      .executeTakeFirst();
    if (!locked || locked.next_run !== run) return;
    const now = deps.clock.now();
    const timing = scheduleTiming(locked);
    await trx
      .insertInto('transfer_schedule_runs')
      .values({
        schedule_id: locked.id,
        run,
        run_date: runDate(timing, run),
        outcome: outcome.outcome,
        transfer_id: outcome.transfer?.id ?? null,
        rate: outcome.rate,
        reason: outcome.reason,
        at: now,
      })
      .execute();
    // dates that passed while the run could not go (the servers were down) are not made up
    const next = firstRunFrom(timing, now, run + 1);
    const moved = await trx
      .updateTable('transfer_schedules')
      .set({ next_run: next ?? run + 1, updated_at: now, ...(next === undefined ? { status: 'ENDED' as const } : {}) })
      .where('id', '=', locked.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    if (next !== undefined && moved.status === 'ACTIVE') await armNextRun(trx, deps.clock, moved);
    await tellRunOutcome(trx, deps.clock, moved, run, outcome);
  });
}

/**
 * `schedule.run`: the run goes when its schedule is on and waits for it; a
 * skipped, paused, cancelled or already recorded run does nothing. The
 * outbox gives the event to one worker at a time; the run's keys make a
 * retry after a crash find what the first try did.
 */
export const runSchedule: OutboxHandler = async (payload, { deps }) => {
  const { schedule, run } = await scheduleAwaitingRun(deps.db, payload);
  if (schedule) await recordRun(deps, schedule.id, run, await carryOutRun(deps, schedule, run));
};
