import type { Schedule, ScheduleRun } from '../../../domain/contract/schedules.ts';
import { formatMinor } from '../../../domain/money.ts';
import type { PurposeOfTransaction } from '../../../domain/purposes.ts';
import { runDate, runTime } from '../../../domain/schedules.ts';
import type { Db } from '../../db/connection.ts';
import type { ScheduleRow, ScheduleRunRow } from '../../db/tables/schedules.ts';
import { scheduleTiming } from './schedule-timing.ts';

/** How many of a schedule's runs its view lists, newest first. */
const RUNS_SHOWN = 12;

/** Numeric columns come back as text with trailing zeros on some drivers: show them as typed. */
const plain = (value: string) => (value.includes('.') ? value.replace(/0+$/, '').replace(/\.$/, '') : value);

/** The currency a schedule's amount is in: what is sent, or what arrives. */
export const amountCurrencyOf = (row: Pick<ScheduleRow, 'amount_type' | 'source_currency' | 'dest_currency'>) =>
  row.amount_type === 'SOURCE' ? row.source_currency : row.dest_currency;

/** Whether the schedule still has runs to come (paused ones too: they go on when resumed). */
const goesOn = (row: ScheduleRow) => row.status === 'ACTIVE' || row.status === 'PAUSED';

export function scheduleView(
  row: ScheduleRow,
  runs: readonly (ScheduleRunRow & { trans_ref: string | null })[],
): Schedule {
  const timing = scheduleTiming(row);
  const currency = amountCurrencyOf(row);
  return {
    id: row.id,
    from_trans_ref: row.from_trans_ref,
    beneficiary_id: row.beneficiary_id,
    beneficiary_name: row.beneficiary_name,
    destination_country_iso2: row.destination_country,
    payout_type: row.payout_type,
    source_currency: row.source_currency,
    destination_currency: row.dest_currency,
    amount_type: row.amount_type,
    amount: formatMinor(row.amount, currency),
    amount_currency: currency,
    purpose_of_transaction: row.purpose as PurposeOfTransaction,
    frequency: row.frequency,
    start_date: row.start_date,
    day_of_month: row.day_of_month,
    end_type: row.end_type,
    end_count: row.end_count,
    end_date: row.end_date,
    min_rate: row.min_rate === null ? null : plain(row.min_rate),
    payment_type: row.payment_type,
    saved_card_id: row.saved_card_id,
    status: row.status,
    next_run_date: goesOn(row) ? runDate(timing, row.next_run) : null,
    next_run_at: goesOn(row) ? runTime(timing, row.next_run).toISOString() : null,
    runs: runs.map(
      (run): ScheduleRun => ({
        run_date: run.run_date,
        outcome: run.outcome,
        trans_ref: run.trans_ref,
        rate: run.rate === null ? null : plain(run.rate),
        reason: run.reason,
      }),
    ),
    created_at: row.created_at.toISOString(),
  };
}

/** The runs of these schedules, newest first, at most RUNS_SHOWN each, with the reference of the transfer each made. */
export async function runsOf(db: Db, scheduleIds: readonly string[]) {
  if (scheduleIds.length === 0) return new Map<string, (ScheduleRunRow & { trans_ref: string | null })[]>();
  const rows = await db
    .selectFrom('transfer_schedule_runs as r')
    .leftJoin('transfers as t', 't.id', 'r.transfer_id')
    .selectAll('r')
    .select('t.trans_ref')
    .where('r.schedule_id', 'in', scheduleIds)
    .orderBy('r.run', 'desc')
    .execute();
  const byId = new Map<string, (ScheduleRunRow & { trans_ref: string | null })[]>();
  for (const row of rows) {
    const list = byId.get(row.schedule_id) ?? [];
    if (list.length < RUNS_SHOWN) list.push(row);
    byId.set(row.schedule_id, list);
  }
  return byId;
}
