import fc from 'fast-check';
import { type CalendarDate, daysInMonth } from '../../src/domain/rules.ts';

/** Any real calendar day between two years (the 31st only in months that have one). */
export function calendarDates(fromYear = 1800, toYear = 2300): fc.Arbitrary<CalendarDate> {
  return fc
    .record({
      year: fc.integer({ min: fromYear, max: toYear }),
      month: fc.integer({ min: 1, max: 12 }),
      day: fc.integer({ min: 1, max: 31 }),
    })
    .map(({ year, month, day }) => ({ year, month, day: Math.min(day, daysInMonth(year, month)) }));
}
