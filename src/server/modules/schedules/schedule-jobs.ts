import type { Transaction } from 'kysely';
import { REMINDER_HOURS, runTime } from '../../../domain/schedules.ts';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/schema.ts';
import type { ScheduleRow } from '../../db/tables/schedules.ts';
import { enqueue } from '../../jobs/outbox.ts';
import { scheduleTiming } from './schedule-timing.ts';

/** `schedule.run` {schedule_id, run}: price, make and pay the run's transfer (schedule-run.ts). */
export const SCHEDULE_RUN = 'schedule.run';
/** `schedule.remind` {schedule_id, run}: tell the customer a day before what goes and what it needs. */
export const SCHEDULE_REMIND = 'schedule.remind';

/**
 * Queue the schedule's next run at its time, and its reminder a day before
 * when that is still ahead, in the transaction that set the run. A run's
 * event that finds the schedule moved on (skipped, paused, cancelled, run
 * already recorded) does nothing, so arming a run again is harmless.
 */
export async function armNextRun(trx: Transaction<Database>, clock: Clock, schedule: ScheduleRow): Promise<void> {
  const at = runTime(scheduleTiming(schedule), schedule.next_run);
  const payload = { schedule_id: schedule.id, run: schedule.next_run };
  await enqueue(trx, { topic: SCHEDULE_RUN, payload, availableAt: at }, clock);
  const remindAt = new Date(at.getTime() - REMINDER_HOURS * 60 * 60 * 1000);
  if (remindAt.getTime() > clock.now().getTime()) {
    await enqueue(trx, { topic: SCHEDULE_REMIND, payload, availableAt: remindAt }, clock);
  }
}
