import type { CreateScheduleRequest } from '../../../domain/contract/schedules.ts';
import {
  calendarDate,
  MAX_START_DAYS_AHEAD,
  parseCalendarDate,
  runDate,
  runTime,
  type ScheduleTiming,
} from '../../../domain/schedules.ts';
import type { ScheduleRow } from '../../db/tables/schedules.ts';
import { ApiError } from '../../http/api-error.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export function scheduleTiming(row: ScheduleRow): ScheduleTiming {
  return {
    frequency: row.frequency,
    startDate: row.start_date,
    dayOfMonth: row.day_of_month,
    endType: row.end_type,
    endCount: row.end_count,
    endDate: row.end_date,
  };
}

const invalid = (message: string, field: string) => new ApiError('ValidationFailed', message, field);

/**
 * The timing a new schedule asks for, checked as a whole: a first date from
 * today to a year ahead whose run has not gone yet, a day of the month for
 * monthly runs only (the first date must fall on it), and an end that fits
 * the frequency. A one-off has one run and no end to choose.
 */
export function checkedTiming(request: CreateScheduleRequest, now: Date): ScheduleTiming {
  const start = parseCalendarDate(request.start_date);
  if (!start) throw invalid('Enter a date as YYYY-MM-DD', 'start_date');
  const once = request.frequency === 'once';
  const monthly = request.frequency === 'monthly';
  if (request.day_of_month !== undefined && !monthly) {
    throw invalid('A day of the month is chosen for monthly transfers only', 'day_of_month');
  }
  const timing: ScheduleTiming = {
    frequency: request.frequency,
    startDate: request.start_date,
    dayOfMonth: monthly ? (request.day_of_month ?? start.getUTCDate()) : null,
    endType: once ? 'never' : request.end_type,
    endCount: !once && request.end_type === 'after_count' ? (request.end_count ?? null) : null,
    endDate: !once && request.end_type === 'on_date' ? (request.end_date ?? null) : null,
  };
  if (monthly && runDate(timing, 0) !== request.start_date) {
    throw invalid('The first date must fall on the day of the month you chose', 'day_of_month');
  }
  if (runTime(timing, 0).getTime() < now.getTime()) {
    throw invalid(`Choose a first date from ${calendarDate(new Date(now.getTime() + DAY_MS))} on`, 'start_date');
  }
  if (start.getTime() - now.getTime() > MAX_START_DAYS_AHEAD * DAY_MS) {
    throw invalid('Choose a first date within a year', 'start_date');
  }
  if (timing.endType === 'after_count' && timing.endCount === null) {
    throw invalid('Say after how many transfers to stop', 'end_count');
  }
  if (timing.endType === 'on_date' && (timing.endDate === null || timing.endDate < request.start_date)) {
    throw invalid('Choose an end date on or after the first date', 'end_date');
  }
  if (!once && request.end_type !== 'after_count' && request.end_count !== undefined) {
    throw invalid('A number of transfers goes with “after a number of transfers” only', 'end_count');
  }
  if (!once && request.end_type !== 'on_date' && request.end_date !== undefined) {
    throw invalid('An end date goes with “on a date” only', 'end_date');
  }
  return timing;
}
