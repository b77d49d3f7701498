import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  calendarDate,
  firstRunFrom,
  hasRun,
  parseCalendarDate,
  runDate,
  runTime,
  type ScheduleTiming,
} from '../../src/domain/schedules.ts';

const monthly = (startDate: string, dayOfMonth: number | null = null): ScheduleTiming => ({
  frequency: 'monthly',
  startDate,
  dayOfMonth,
  endType: 'never',
  endCount: null,
  endDate: null,
});

describe('schedule dates', () => {
  it('a monthly run on the 31st falls on each month’s last day when it is shorter, then back on the 31st', () => {
    const timing = monthly('2028-01-31', 31);
    expect([0, 1, 2, 3, 4].map((n) => runDate(timing, n))).toEqual([
      '2028-01-31',
      '2028-02-29', // a leap year
      '2028-03-31',
      '2028-04-30',
      '2028-05-31',
    ]);
    expect(runDate(monthly('2027-01-30', 30), 1)).toBe('2027-02-28');
  });

  it('a monthly run crosses the year', () => {
    expect([0, 1, 2].map((n) => runDate(monthly('2026-11-15'), n))).toEqual(['2026-11-15', '2026-12-15', '2027-01-15']);
  });

  it('weekly and fortnightly runs fall 7 and 14 days apart, across month and year ends', () => {
    const base = {
      startDate: '2026-12-24',
      dayOfMonth: null,
      endType: 'never',
      endCount: null,
      endDate: null,
    } as const;
    expect(runDate({ ...base, frequency: 'weekly' }, 2)).toBe('2027-01-07');
    expect(runDate({ ...base, frequency: 'fortnightly' }, 5)).toBe('2027-03-04');
  });

  it('ends after a count, on a date, or never; a one-off has one run', () => {
    const timing = monthly('2026-12-01');
    expect(hasRun({ ...timing, endType: 'after_count', endCount: 3 }, 2)).toBe(true);
    expect(hasRun({ ...timing, endType: 'after_count', endCount: 3 }, 3)).toBe(false);
    expect(hasRun({ ...timing, endType: 'on_date', endDate: '2027-02-01' }, 2)).toBe(true);
    expect(hasRun({ ...timing, endType: 'on_date', endDate: '2027-01-31' }, 2)).toBe(false);
    expect(hasRun(timing, 1000)).toBe(true);
    expect(hasRun({ ...timing, frequency: 'once' }, 1)).toBe(false);
  });

  it('the first run at or after a time: a run whose time has just come is still due', () => {
    const timing = monthly('2026-12-01');
    expect(firstRunFrom(timing, runTime(timing, 0))).toBe(0);
    expect(firstRunFrom(timing, new Date(runTime(timing, 0).getTime() + 1))).toBe(1);
    expect(firstRunFrom({ ...timing, endType: 'after_count', endCount: 1 }, new Date('2027-01-01T00:00:00Z'))).toBe(
      undefined,
    );
  });

  it('reads only real calendar dates', () => {
    expect(parseCalendarDate('2028-02-29')).toBeDefined();
    expect(parseCalendarDate('2027-02-29')).toBeUndefined();
    expect(parseCalendarDate('2027-13-01')).toBeUndefined();
    expect(parseCalendarDate('2027-1-01')).toBeUndefined();
  });

  it('every monthly run falls in the next calendar month, on the chosen day or the month’s last', () => {
    const days = fc.integer({ min: Date.UTC(2000, 0, 1) / 864e5, max: Date.UTC(2099, 0, 1) / 864e5 });
    fc.assert(
      fc.property(days, fc.integer({ min: 0, max: 240 }), (day, n) => {
        const start = calendarDate(new Date(day * 864e5));
        const dom = Number(start.slice(8));
        const timing = monthly(start, dom);
        const [a, b] = [runDate(timing, n), runDate(timing, n + 1)];
        const months = (date: string) => Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7));
        expect(months(b) - months(a)).toBe(1);
        const next = parseCalendarDate(b);
        expect(next).toBeDefined();
        const lastDay = new Date(Date.UTC(Number(b.slice(0, 4)), Number(b.slice(5, 7)), 0)).getUTCDate();
        expect(Number(b.slice(8))).toBe(Math.min(dom, lastDay));
        expect(runTime(timing, n + 1).getTime()).toBeGreaterThan(runTime(timing, n).getTime());
      }),
    );
  });
});
