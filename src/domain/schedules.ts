/**
 * Scheduled and recurring transfers: when each run of a schedule falls.
 *
 * A schedule has runs numbered 0, 1, 2, … from its first date. Weekly and
 * fortnightly runs fall 7 and 14 days apart. A monthly run falls on the
 * schedule's day of the month; in a month without that day (the 31st in
 * April, the 29th–31st in February) it falls on the month's last day, and the
 * next month goes back to the chosen day. Dates are calendar dates
 * (`YYYY-MM-DD`); a run goes at RUN_HOUR_UTC on its date, and the customer is
 * reminded a day before.
 */

export const SCHEDULE_FREQUENCIES = ['once', 'weekly', 'fortnightly', 'monthly'] as const;
export type ScheduleFrequency = (typeof SCHEDULE_FREQUENCIES)[number];

export const SCHEDULE_END_TYPES = ['never', 'after_count', 'on_date'] as const;
export type ScheduleEndType = (typeof SCHEDULE_END_TYPES)[number];

/** The hour (UTC) a run goes on its date: early morning in Europe, so the money moves on the day. */
export const RUN_HOUR_UTC = 6;
/** How long before a run the customer is reminded. */
export const REMINDER_HOURS = 24;
/** The most runs a schedule that ends after a count may have. */
export const MAX_SCHEDULE_RUNS = 120;
/** How far ahead a schedule may start. */
export const MAX_START_DAYS_AHEAD = 366;

export interface ScheduleTiming {
  frequency: ScheduleFrequency;
  /** the first run's date, `YYYY-MM-DD` */
  startDate: string;
  /** monthly only: 1–31, the day each run falls on (the month's last day when it has fewer) */
  dayOfMonth: number | null;
  endType: ScheduleEndType;
  /** after_count: how many runs in all (skipped ones count) */
  endCount: number | null;
  /** on_date: no run after this date, `YYYY-MM-DD` */
  endDate: string | null;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A `YYYY-MM-DD` that names a real calendar day, as a UTC midnight; undefined otherwise. */
export function parseCalendarDate(text: string): Date | undefined {
  const match = DATE.exec(text);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
    ? date
    : undefined;
}

export const calendarDate = (date: Date): string => date.toISOString().slice(0, 10);

function daysInMonth(year: number, monthIndex: number): number {
  return new Date(Date.UTC(year, monthIndex + 1, 0)).getUTCDate();
}

function mustParse(text: string): Date {
  const date = parseCalendarDate(text);
  if (!date) throw new Error(`not a calendar date: ${text}`);
  return date;
}

/** The date of run `n` (0 is the first), ignoring the schedule's end. */
export function runDate(timing: Pick<ScheduleTiming, 'frequency' | 'startDate' | 'dayOfMonth'>, n: number): string {
  const start = mustParse(timing.startDate);
  switch (timing.frequency) {
    case 'once':
      return timing.startDate;
    case 'weekly':
      return calendarDate(new Date(start.getTime() + n * 7 * DAY_MS));
    case 'fortnightly':
      return calendarDate(new Date(start.getTime() + n * 14 * DAY_MS));
    case 'monthly': {
      const months = start.getUTCMonth() + n;
      const year = start.getUTCFullYear() + Math.floor(months / 12);
      const month = months % 12;
      const day = Math.min(timing.dayOfMonth ?? start.getUTCDate(), daysInMonth(year, month));
      return calendarDate(new Date(Date.UTC(year, month, day)));
    }
  }
}

/** Whether run `n` exists: before the end the customer chose (a one-off has one run). */
export function hasRun(timing: ScheduleTiming, n: number): boolean {
  if (n < 0) return false;
  if (timing.frequency === 'once') return n === 0;
  if (timing.endType === 'after_count') return n < (timing.endCount ?? 0);
  if (timing.endType === 'on_date') return runDate(timing, n) <= (timing.endDate ?? '');
  return true;
}

/** When run `n` goes: RUN_HOUR_UTC on its date. */
export function runTime(timing: Pick<ScheduleTiming, 'frequency' | 'startDate' | 'dayOfMonth'>, n: number): Date {
  return new Date(mustParse(runDate(timing, n)).getTime() + RUN_HOUR_UTC * 60 * 60 * 1000);
}

/** The first run at or after `from` (a run whose time has come is still this one), or undefined past the end. */
export function firstRunFrom(timing: ScheduleTiming, from: Date, after = 0): number | undefined {
  for (let n = after; hasRun(timing, n); n += 1) {
    if (runTime(timing, n).getTime() >= from.getTime()) return n;
  }
  return undefined;
}
