import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  dayMonthYearToIso,
  isoBirthDateRule,
  isoToDayMonthYear,
  nextOnboardingStep,
  occupationRule,
  type RemitterProgress,
  SSN_MESSAGE,
  SSN_NOT_ISSUED_MESSAGE,
  ssnLastFour,
  ssnRule,
  stepsFor,
} from '../../src/domain/remitter.ts';
import {
  birthDateBounds,
  type CalendarDate,
  compareDates,
  daysInMonth,
  formatIsoDate,
  isAdult,
  personNameRule,
  UNDER_AGE_MESSAGE,
  withoutDigits,
} from '../../src/domain/rules.ts';
import { isWorldCountry, WORLD_COUNTRY_CODES } from '../../src/domain/world-countries.ts';
import { calendarDates } from '../support/calendar-dates.ts';

const calendarDate = calendarDates(1800, 2300);

describe('date of birth', () => {
  it('accepts exactly the days from 100 years back to yesterday on which the customer is 18 or older', () => {
    fc.assert(
      fc.property(calendarDate, calendarDate, (birth: CalendarDate, today: CalendarDate) => {
        const { min, max } = birthDateBounds(today);
        const inRange = compareDates(birth, min) >= 0 && compareDates(birth, max) <= 0;
        const verdict = isoBirthDateRule(formatIsoDate(birth), today);
        expect(verdict === true).toBe(inRange && isAdult(birth, today));
        if (inRange && !isAdult(birth, today)) expect(verdict).toBe(UNDER_AGE_MESSAGE);
      }),
      { numRuns: 2000 },
    );
  });

  it('never accepts today or a later day, nor a day more than 100 years back', () => {
    fc.assert(
      fc.property(calendarDate, fc.integer({ min: 0, max: 400 }), (today, yearsAhead) => {
        const later = { ...today, year: today.year + yearsAhead };
        const sameDay = { ...later, day: Math.min(later.day, daysInMonth(later.year, later.month)) };
        expect(isoBirthDateRule(formatIsoDate(sameDay), today)).not.toBe(true);
        const old = birthDateBounds(today).min;
        const dayBefore = old.day > 1 ? { ...old, day: old.day - 1 } : { ...old, year: old.year - 1 };
        expect(isoBirthDateRule(formatIsoDate(dayBefore), today)).not.toBe(true);
      }),
    );
  });

  it('turns DD/MM/YYYY into YYYY-MM-DD and back for every day', () => {
    fc.assert(
      fc.property(calendarDate, (date) => {
        fc.pre(date.year >= 1000);
        const iso = formatIsoDate(date);
        expect(dayMonthYearToIso(isoToDayMonthYear(iso))).toBe(iso);
      }),
    );
  });

  it('refuses malformed dates and days that do not exist', () => {
    const today = { year: 2026, month: 6, day: 1 };
    expect(isoBirthDateRule('1990-02-30', today)).toBe('The date must be in the format YYYY-MM-DD');
    expect(isoBirthDateRule('01/02/1990', today)).toBe('The date must be in the format YYYY-MM-DD');
    expect(isoBirthDateRule('2008-06-01', today)).toBe(true);
    expect(isoBirthDateRule('2008-06-02', today)).toBe(UNDER_AGE_MESSAGE);
  });
});

describe('names and occupation', () => {
  it('blocks every digit of any script as typed, and keeps everything else', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 30 }), (typed) => {
        const kept = withoutDigits(typed);
        expect(/\p{N}/u.test(kept)).toBe(false);
        expect(withoutDigits(kept)).toBe(kept);
      }),
    );
    expect(withoutDigits('Am1ina ٣')).toBe('Amina ');
  });

  it('takes names of any script with hyphens and quotes, and no digits', () => {
    for (const name of ['Amina', 'Abdi-Warsame', '‘Abdi', "O'Brien", 'Åsa', 'محمد'])
      expect(personNameRule(name)).toBe(true);
    for (const name of ['', 'Amina2', '---', 'a'.repeat(101)]) expect(personNameRule(name)).not.toBe(true);
  });

  it('needs a letter in the occupation', () => {
    expect(occupationRule('Nurse')).toBe(true);
    expect(occupationRule('1234')).not.toBe(true);
  });
});

describe('Social Security number', () => {
  it('accepts issued numbers with or without dashes and keeps only the last four digits', () => {
    expect(ssnRule('123-45-6789')).toBe(true);
    expect(ssnRule('123456789')).toBe(true);
    for (const bad of ['000-12-3456', '666-12-3456', '912-34-5678', '123-00-4567', '123-45-0000', '12345678']) {
      expect(ssnRule(bad), bad).not.toBe(true);
    }
    expect(ssnLastFour('123-45-6789')).toBe('6789');
  });

  it('says a 9-digit number the SSA never issues is not one, instead of asking for 9 digits', () => {
    expect(ssnRule('000-12-3456')).toBe(SSN_NOT_ISSUED_MESSAGE);
    expect(ssnRule('12345678')).toBe(SSN_MESSAGE);
    expect(ssnRule('123-45-67890')).toBe(SSN_MESSAGE);
  });
});

describe('onboarding steps', () => {
  const progress = fc.record<RemitterProgress>({
    name: fc.boolean(),
    nationality: fc.boolean(),
    dateOfBirth: fc.boolean(),
    address: fc.boolean(),
    occupation: fc.boolean(),
    usage: fc.boolean(),
    usa: fc.boolean(),
  });

  it('asks first for the earliest missing answer, and only US residents for the SSN', () => {
    fc.assert(
      fc.property(progress, fc.constantFrom('GB', 'US', 'SE'), (p, country) => {
        const next = nextOnboardingStep(p, country);
        const steps = stepsFor(country);
        if (next === null) {
          expect(Object.entries(p).every(([key, done]) => done || (key === 'usa' && country !== 'US'))).toBe(true);
        } else {
          expect(steps).toContain(next);
        }
      }),
    );
    const none = {
      name: false,
      nationality: false,
      dateOfBirth: false,
      address: false,
      occupation: false,
      usage: false,
      usa: false,
    };
    expect(nextOnboardingStep(none, 'GB')).toBe('registration-name');
    const all = {
      ...none,
      name: true,
      nationality: true,
      dateOfBirth: true,
      address: true,
      occupation: true,
      usage: true,
    };
    expect(nextOnboardingStep(all, 'GB')).toBeNull();
    expect(nextOnboardingStep(all, 'US')).toBe('ssn');
  });
});

describe('the world country list', () => {
  it('lists every country once, each named by Intl, and no groupings', () => {
    expect(WORLD_COUNTRY_CODES.length).toBe(250);
    expect(new Set(WORLD_COUNTRY_CODES).size).toBe(WORLD_COUNTRY_CODES.length);
    const names = new Intl.DisplayNames('en', { type: 'region', fallback: 'none' });
    for (const code of WORLD_COUNTRY_CODES) expect(names.of(code), code).toBeDefined();
    for (const code of ['SO', 'SE', 'GB', 'US', 'XK']) expect(isWorldCountry(code)).toBe(true);
    for (const code of ['EU', 'UN', 'ZZ', 'XA', 'YU', 'xx']) expect(isWorldCountry(code)).toBe(false);
  });
});
